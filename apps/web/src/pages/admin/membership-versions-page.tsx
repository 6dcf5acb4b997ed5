import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AdminVersionsEditor } from '../../features/membership/components/admin-versions-editor';

/** Membership versions of the back office (/admin/membershipVersions, admins only). */
export default function MembershipVersionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminMembershipVersions')} subtitle={t('membership.admin.versionsSubtitle')} />
      <AdminVersionsEditor />
    </>
  );
}
