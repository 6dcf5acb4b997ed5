import { FeaturePage } from '../../components/feature-page';
import { AdminUserList } from '../../features/back-office-users';

/** The back office's users (/admin/users, admins only): search, filters and row actions. */
export default function AdminUsersPage() {
  return (
    <FeaturePage titleKey="menu.adminUsers" subtitleKey="backOffice.users.subtitle">
      <AdminUserList />
    </FeaturePage>
  );
}
