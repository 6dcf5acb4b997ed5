import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { IdentityReviewQueue } from '../../features/identity/components/identity-review-queue';

/** The identity application review queue (/admin/identityApplications, admins only). */
export default function IdentityApplicationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminIdentityApplications')} subtitle={t('identity.admin.subtitle')} />
      <IdentityReviewQueue />
    </>
  );
}
