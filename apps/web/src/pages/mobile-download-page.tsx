import { DownloadOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/site-config';
import { MobilePage } from '../components/mobile-page';
import { useMobileAppInfo } from '../features/app-download';
import './mobile/mobile-download-page.css';

/**
 * The site's own page for the capture app, opened on a phone from the download QR code when the
 * operator has configured no package URL: the package when there is one, else who to ask for it.
 */
export default function MobileDownloadPage() {
  const { t } = useTranslation();
  const app = useMobileAppInfo(true);
  const site = useSiteConfig().data;

  return (
    <MobilePage className="mobile-download">
      <MobileOutlined className="mobile-download__icon" aria-hidden />
      <Typography.Title level={1} className="mobile-download__title">
        {t('layout.download.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('layout.download.pageText')}</Typography.Paragraph>
      {app.isPending ? (
        <Spin />
      ) : app.data?.apkUrl ? (
        <Button type="primary" size="large" block icon={<DownloadOutlined />} href={app.data.apkUrl} data-testid="app-download-direct">
          {t('layout.download.direct')}
        </Button>
      ) : (
        <Alert
          type="info"
          showIcon
          title={t(app.isError ? 'layout.download.unavailable' : 'layout.download.notPublished')}
          description={site ? t('layout.download.askService', { phone: site.servicePhone, hours: site.serviceHours }) : undefined}
          data-testid="app-not-published"
        />
      )}
    </MobilePage>
  );
}
