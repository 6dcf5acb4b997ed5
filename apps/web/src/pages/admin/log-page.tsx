import { FeaturePage } from '../../components/feature-page';
import { AdminLogList } from '../../features/admin-log';

/** The admin log (/admin/log, admins only): every admin action with its state before and after. */
export default function AdminLogPage() {
  return (
    <FeaturePage titleKey="menu.adminLog" subtitleKey="adminLog.subtitle">
      <AdminLogList />
    </FeaturePage>
  );
}
