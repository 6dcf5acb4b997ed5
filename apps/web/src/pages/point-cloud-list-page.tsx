import { FeaturePage } from '../components/feature-page';
import { PointCloudList } from '../features/point-clouds';

/** /pointCloudList (permission 460): the person's point-cloud works and their conversion. */
export default function PointCloudListPage() {
  return (
    <FeaturePage titleKey="pointClouds.title" subtitleKey="pointClouds.subtitle">
      <PointCloudList />
    </FeaturePage>
  );
}
