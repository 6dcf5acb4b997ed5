import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AdminApplicationsQueue } from '../../features/membership/components/admin-applications-queue';

/** The membership application review queue (/admin/membershipApplications, admins only). */
export default function MembershipApplicationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminMembershipApplications')} subtitle={t('membership.admin.applicationsSubtitle')} />
      <AdminApplicationsQueue />
    </>
  );
}
