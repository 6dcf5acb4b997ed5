import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import type { WorkType } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { QrCode } from './qr-code';
import { copyToClipboard } from '../lib/clipboard';
import './share-panel.css';

interface SharePanelProps {
  url: string;
  embedCode: string;
  /** What the embed shows, named in the hint: a tour, a 3D model or a point cloud. */
  kind: WorkType;
  /** Where its words live: the console's share dialog and the public page word things a little differently. */
  strings: 'works.share' | 'details.share';
}

/** A work's link (copy, open), its QR code (200 px, level H) and an iframe embed code (copy). */
export function SharePanel({ url, embedCode, kind, strings }: SharePanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async (text: string) => {
    if (await copyToClipboard(text)) void message.success(t(`${strings}.copied`));
    else void message.warning(t(`${strings}.copyFailed`));
  };

  return (
    <div className="share-panel" data-testid="share-content">
      <div className="share-panel__qr">
        <QrCode value={url} label={t(`${strings}.qrLabel`)} testId="share-qr" />
        <span className="share-panel__hint">{t(`${strings}.qrHint`)}</span>
      </div>
      <div className="share-panel__fields">
        <label className="share-panel__label" htmlFor="share-panel-url">
          {t(`${strings}.link`)}
        </label>
        <Space.Compact block>
          <Input id="share-panel-url" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="share-url" />
          <Button icon={<CopyOutlined />} onClick={() => void copy(url)} data-testid="share-copy-url">
            {t(`${strings}.copy`)}
          </Button>
          <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener" aria-label={t(`${strings}.open`)} />
        </Space.Compact>
        <label className="share-panel__label" htmlFor="share-panel-embed">
          {t(`${strings}.embed`)}
        </label>
        <Input.TextArea
          id="share-panel-embed"
          readOnly
          value={embedCode}
          autoSize={{ minRows: 3, maxRows: 5 }}
          className="share-panel__embed"
          onFocus={(event) => event.target.select()}
          data-testid="share-embed"
        />
        <div className="share-panel__embed-row">
          <span className="share-panel__hint" data-testid="share-embed-hint">
            {t(`${strings}.embedHint`, { context: kind })}
          </span>
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(embedCode)} data-testid="share-copy-embed">
            {t(`${strings}.copy`)}
          </Button>
        </div>
      </div>
    </div>
  );
}
