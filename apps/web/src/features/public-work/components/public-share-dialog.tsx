import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space } from 'antd';
import { QR_CODE_SIZE_PX } from '@spatia/contract';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import { embedCode, publicWorkUrl } from '../lib/share-links';
import './public-work.css';

interface PublicShareDialogProps {
  open: boolean;
  onClose: () => void;
  uid: string;
  name: string;
}

/** The page's link (copy, open), its QR code (200 px, level H) and an iframe embed code (copy). */
export function PublicShareDialog({ open, onClose, uid, name }: PublicShareDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const url = publicWorkUrl(window.location.origin, uid);
  const embed = embedCode(url, name);

  const copy = async (text: string) => {
    if (await copyToClipboard(text)) void message.success(t('details.share.copied'));
    else void message.warning(t('details.share.copyFailed'));
  };

  return (
    <Modal open={open} title={t('details.share.title', { name })} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      <div className="public-share" data-testid="public-share">
        <div className="public-share__qr">
          <QRCodeCanvas value={url} size={QR_CODE_SIZE_PX} level="H" marginSize={0} role="img" aria-label={t('details.share.qrLabel')} data-testid="public-share-qr" />
          <span className="public-share__hint">{t('details.share.qrHint')}</span>
        </div>
        <div className="public-share__fields">
          <label className="public-share__label" htmlFor="public-share-url">
            {t('details.share.link')}
          </label>
          <Space.Compact block>
            <Input id="public-share-url" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="public-share-url" />
            <Button icon={<CopyOutlined />} onClick={() => void copy(url)} data-testid="public-share-copy-url">
              {t('details.share.copy')}
            </Button>
            <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener" aria-label={t('details.share.open')} />
          </Space.Compact>
          <label className="public-share__label" htmlFor="public-share-embed">
            {t('details.share.embed')}
          </label>
          <Input.TextArea
            id="public-share-embed"
            readOnly
            value={embed}
            autoSize={{ minRows: 3, maxRows: 5 }}
            className="public-share__embed"
            onFocus={(event) => event.target.select()}
            data-testid="public-share-embed"
          />
          <div className="public-share__embed-row">
            <span className="public-share__hint">{t('details.share.embedHint')}</span>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(embed)} data-testid="public-share-copy-embed">
              {t('details.share.copy')}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
