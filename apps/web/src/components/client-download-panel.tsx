import { AppleOutlined, DownloadOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ClientDownloadContent } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { QrCode } from './qr-code';
import './client-download-panel.css';

interface ClientDownloadPanelProps {
  /** The client-download page's live content in the reader's language (docs/site-pages.md). */
  content: ClientDownloadContent;
  /** What an app's QR code opens when its content names no package: the configured one, else the site's download page. */
  fallbackDownloadUrl: string;
  /** The configured package (APP_APK_URL), for the direct link when the content names none. */
  fallbackApkUrl: string;
}

/**
 * What the header's Client download dialog shows, and the back office's preview of it: each app with its QR
 * code (200x200, spec 2.6), its direct package link and App Store link, and the notes, all as text.
 */
export function ClientDownloadPanel({ content, fallbackDownloadUrl, fallbackApkUrl }: ClientDownloadPanelProps) {
  const { t } = useTranslation();
  return (
    <div className="client-download" data-testid="client-download-panel">
      {content.subtitle && (
        <Typography.Paragraph type="secondary" className="client-download__subtitle">
          {content.subtitle}
        </Typography.Paragraph>
      )}
      {content.apps.map((app, index) => {
        const qrValue = app.apkUrl || fallbackDownloadUrl;
        const apkUrl = app.apkUrl || fallbackApkUrl;
        return (
          <section key={index} className="client-download__app" data-testid="client-download-app">
            <h3 className="client-download__name">{app.name}</h3>
            {app.description && <p className="client-download__description">{app.description}</p>}
            {qrValue && (
              <div className="client-download__qr">
                <QrCode
                  value={qrValue}
                  label={t('layout.download.hint')}
                  testId={index === 0 ? 'app-download-qr' : `app-download-qr-${index}`}
                />
              </div>
            )}
            <p className="client-download__hint">{t('layout.download.hint')}</p>
            <div className="client-download__links">
              {apkUrl && (
                <Typography.Link
                  href={apkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={index === 0 ? 'app-download-direct' : undefined}
                >
                  <DownloadOutlined /> {t('layout.download.direct')}
                </Typography.Link>
              )}
              {app.iosUrl && (
                <Typography.Link href={app.iosUrl} target="_blank" rel="noopener noreferrer" data-testid="app-download-ios">
                  <AppleOutlined /> {t('layout.download.appStore')}
                </Typography.Link>
              )}
            </div>
            {app.note && <p className="client-download__note">{app.note}</p>}
          </section>
        );
      })}
      {content.note && <p className="client-download__footnote">{content.note}</p>}
    </div>
  );
}
