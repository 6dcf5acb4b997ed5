import { Button, Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { copyToClipboard } from '../../../lib/clipboard';

interface ShareSheetProps {
  open: boolean;
  onClose: () => void;
  /** What is shared, named in the sheet. */
  title: string;
  url: string;
  /** A private space's link opens with its code only: the sheet says so. */
  needsCode?: boolean;
}

/** A sheet from the bottom with the link (copy) and its QR code, to show another phone or to save. */
export function ShareSheet({ open, onClose, title, url, needsCode = false }: ShareSheetProps) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyToClipboard(url);
    Toast.show({ content: copied ? t('spacePages.share.copied') : t('spacePages.share.copyFailed'), icon: copied ? 'success' : 'fail' });
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sp-share" destroyOnClose>
      <div className="sp-share__body" data-testid="space-share">
        <h2 className="sp-share__title">{t('spacePages.share.title', { name: title })}</h2>
        <QrCode value={url} label={t('spacePages.share.qrLabel', { name: title })} testId="space-share-qr" className="sp-share__qr" />
        <p className="sp-share__hint">{needsCode ? t('spacePages.share.privateHint') : t('spacePages.share.qrHint')}</p>
        <output className="sp-share__url" data-testid="space-share-url">
          {url}
        </output>
        <div className="sp-share__actions">
          <Button block color="primary" onClick={() => void copy()} data-testid="space-share-copy">
            {t('spacePages.share.copy')}
          </Button>
          <Button block onClick={onClose}>
            {t('spacePages.share.close')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
