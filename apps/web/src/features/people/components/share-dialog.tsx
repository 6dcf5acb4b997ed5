import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { copyToClipboard } from '../../../lib/clipboard';
import { personPath } from '../../../lib/person-paths';

/** A homepage's link (always with the uid, also when one shares one's own) and its QR code. */
export function ShareDialog({ open, uid, onClose }: { open: boolean; uid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const url = new URL(personPath(uid), window.location.origin).href;
  const copy = async () => {
    if (await copyToClipboard(url)) void message.success(t('people.share.copied'));
    else void message.warning(t('people.share.copyFailed'));
  };
  return (
    <Modal open={open} title={t('people.share.title')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <div className="person-share" data-testid="person-share-dialog">
        <div className="person-share__qr">
          <QrCode value={url} label={t('people.share.qrLabel')} testId="person-share-qr" />
          <span>{t('people.share.qrHint')}</span>
        </div>
        <div className="person-share__fields">
          <label htmlFor="person-share-url">{t('people.share.link')}</label>
          <Space.Compact block>
            <Input id="person-share-url" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="person-share-url" />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('people.share.copy')}
            </Button>
            <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener" aria-label={t('people.share.open')} />
          </Space.Compact>
        </div>
      </div>
    </Modal>
  );
}
