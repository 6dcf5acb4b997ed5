import { Empty, Modal, Spin } from 'antd';
import { QR_CODE_SIZE_PX } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useLiveSitePage } from '../../../api/site-pages';
import { ClientDownloadPanel } from '../../../components/client-download-panel';
import { useMobileAppInfo } from '../api/get-mobile-app';

interface AppDownloadDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 2.6: the apps to download, each with a QR code (200x200, highest error correction), as the operator
 * wrote them in the client-download page's content (docs/site-pages.md). An app without its own package
 * address falls back to the configured package, else the site's own download page.
 */
export function AppDownloadDialog({ open, onClose }: AppDownloadDialogProps) {
  const { t, i18n } = useTranslation();
  const app = useMobileAppInfo(open);
  const page = useLiveSitePage('clientDownload', open);
  const content = page.data?.content[i18n.language === 'en' ? 'en' : 'zh'];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={content?.title ?? t('layout.download.title')}
      width={400}
      centered
      destroyOnHidden
    >
      {app.isPending || page.isPending ? (
        <div style={{ height: QR_CODE_SIZE_PX, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : !content || (app.isError && !content.apps.some((entry) => entry.apkUrl)) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.download.unavailable')} style={{ padding: '16px 8px' }} />
      ) : (
        <ClientDownloadPanel content={content} fallbackDownloadUrl={app.data?.downloadUrl ?? ''} fallbackApkUrl={app.data?.apkUrl ?? ''} />
      )}
    </Modal>
  );
}
