import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { PointCloudList } from '../features/point-clouds/components/point-cloud-list';

/** /pointCloudList (permission 460): the person's point-cloud works and their conversion. */
export default function PointCloudListPage() {
  const { t } = useTranslation();
  return (
    <div className="point-cloud-list-page">
      <PageHeader title={t('pointClouds.title')} subtitle={t('pointClouds.subtitle')} />
      <PointCloudList />
    </div>
  );
}
