import { Modal } from 'antd';
import type { WorkType } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { SharePanel } from '../../../components/share-panel';
import { embedCode, publicWorkUrl } from '../lib/share-links';

interface PublicShareDialogProps {
  open: boolean;
  onClose: () => void;
  uid: string;
  name: string;
  type: WorkType;
}

/** The page's link, QR code and embed code, built from the address the visitor sees. */
export function PublicShareDialog({ open, onClose, uid, name, type }: PublicShareDialogProps) {
  const { t } = useTranslation();
  const url = publicWorkUrl(window.location.origin, uid);
  return (
    <Modal open={open} title={t('details.share.title', { name })} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      <SharePanel url={url} embedCode={embedCode(url, name)} kind={type} strings="details.share" />
    </Modal>
  );
}
