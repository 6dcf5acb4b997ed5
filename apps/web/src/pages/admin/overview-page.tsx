import { FeaturePage } from '../../components/feature-page';
import { AdminOverviewPanel } from '../../features/admin-overview';

/** The back office's first page (/admin/overview, admins only). */
export default function AdminOverviewPage() {
  return (
    <FeaturePage titleKey="menu.adminOverview" subtitleKey="adminOverview.subtitle">
      <AdminOverviewPanel />
    </FeaturePage>
  );
}
