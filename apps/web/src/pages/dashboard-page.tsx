import { CameraOutlined, CloudUploadOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OverviewStrip } from '../features/overview/components/overview-strip';
import './dashboard/dashboard-page.css';
import { PageHeader } from '../components/page-header';

const STEPS = [
  { key: 'capture', icon: <CameraOutlined /> },
  { key: 'upload', icon: <CloudUploadOutlined /> },
  { key: 'publish', icon: <ShareAltOutlined /> },
] as const;

/** "My panorama model management" (spec 2.3). The work list arrives with the works issue. */
export default function DashboardPage() {
  const { t } = useTranslation();
  return (
    <div className="dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <OverviewStrip />
      <Card className="dashboard__empty" variant="borderless">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <div>
              <Typography.Title level={4} className="dashboard__empty-title">
                {t('dashboard.emptyTitle')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('dashboard.emptyText')}</Typography.Text>
            </div>
          }
        />
        <ol className="dashboard__steps">
          {STEPS.map(({ key, icon }) => (
            <li key={key}>
              <span className="icon-tile" aria-hidden>
                {icon}
              </span>
              <div>
                <strong>{t(`dashboard.steps.${key}Title`)}</strong>
                <p>{t(`dashboard.steps.${key}Text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
