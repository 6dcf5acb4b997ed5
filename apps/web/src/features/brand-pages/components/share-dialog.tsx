import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { copyToClipboard } from '../../../lib/clipboard';
import { absoluteUrl } from '../lib/brand-paths';

/** A brand page's share link and its QR code (highest error correction: phones read it off a screen or a print). */
export function BrandShareDialog({ path, published, onClose }: { path: string | null; published: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const url = path ? absoluteUrl(path) : '';
  const copy = async () => {
    if (await copyToClipboard(url)) void message.success(t('brandPages.shareDialog.copied'));
    else void message.warning(t('brandPages.shareDialog.copyFailed'));
  };
  return (
    <Modal open={path !== null} title={t('brandPages.shareDialog.title')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <div className="brand-share" data-testid="brand-share-dialog">
        {!published && <Alert type="warning" showIcon title={t('brandPages.shareDialog.notPublished')} />}
        <div className="brand-share__qr">
          <QrCode value={url} label={t('brandPages.shareDialog.qrLabel')} testId="brand-share-qr" />
          <span>{t('brandPages.shareDialog.qrHint')}</span>
        </div>
        <label htmlFor="brand-share-url">{t('brandPages.shareDialog.link')}</label>
        <Space.Compact block>
          <Input id="brand-share-url" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="brand-share-url" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('brandPages.shareDialog.copy')}
          </Button>
          <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener" aria-label={t('brandPages.shareDialog.open')} />
        </Space.Compact>
      </div>
    </Modal>
  );
}
