import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AdminUserList } from '../../features/back-office-users/components/admin-user-list';

/** The back office's users (/admin/users, admins only): search, filters and row actions. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminUsers')} subtitle={t('backOffice.users.subtitle')} />
      <AdminUserList />
    </>
  );
}
