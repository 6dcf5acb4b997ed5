import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Result, Skeleton, Space } from 'antd';
import { QR_CODE_SIZE_PX, type WorkSummary } from '@spatia/contract';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../lib/use-retained';
import { useWorkShare } from '../api/get-work-share';
import { copyToClipboard } from '../../../lib/clipboard';

/** The public link with a copy button, its QR code (200 px, level H) and an embed code. */
export function ShareDialog({ work, onClose }: { work: WorkSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const share = useWorkShare(shown?.uid ?? null);

  const copy = async (text: string) => {
    if (await copyToClipboard(text)) void message.success(t('works.share.copied'));
    else void message.warning(t('works.share.copyFailed'));
  };

  return (
    <Modal
      open={work !== null}
      title={t('works.share.title', { name: shown?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={600}
      className="works-share-dialog"
    >
      {share.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : share.isError ? (
        <Result status="warning" title={t('works.share.loadFailed')} subTitle={share.error.message || undefined} />
      ) : (
        <div className="works-share" data-testid="share-content">
          <div className="works-share__qr">
            <QRCodeCanvas
              value={share.data.url}
              size={QR_CODE_SIZE_PX}
              level="H"
              marginSize={0}
              role="img"
              aria-label={t('works.share.qrLabel')}
              data-testid="share-qr"
            />
            <span className="works-share__qr-hint">{t('works.share.qrHint')}</span>
          </div>
          <div className="works-share__fields">
            <label className="works-share__label" htmlFor="works-share-url">
              {t('works.share.link')}
            </label>
            <Space.Compact block>
              <Input id="works-share-url" readOnly value={share.data.url} onFocus={(event) => event.target.select()} data-testid="share-url" />
              <Button icon={<CopyOutlined />} onClick={() => void copy(share.data.url)} data-testid="share-copy-url">
                {t('works.share.copy')}
              </Button>
              <Button icon={<ExportOutlined />} href={share.data.url} target="_blank" rel="noopener" aria-label={t('works.share.open')} />
            </Space.Compact>
            <label className="works-share__label" htmlFor="works-share-embed">
              {t('works.share.embed')}
            </label>
            <Input.TextArea
              id="works-share-embed"
              readOnly
              value={share.data.embedCode}
              autoSize={{ minRows: 3, maxRows: 5 }}
              className="works-share__embed"
              onFocus={(event) => event.target.select()}
              data-testid="share-embed"
            />
            <div className="works-share__embed-row">
              <span className="works-share__hint">{t('works.share.embedHint')}</span>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(share.data.embedCode)} data-testid="share-copy-embed">
                {t('works.share.copy')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
