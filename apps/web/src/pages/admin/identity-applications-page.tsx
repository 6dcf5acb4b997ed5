import { FeaturePage } from '../../components/feature-page';
import { IdentityReviewQueue } from '../../features/identity';

/** The identity application review queue (/admin/identityApplications, admins only). */
export default function IdentityApplicationsPage() {
  return (
    <FeaturePage titleKey="menu.adminIdentityApplications" subtitleKey="identity.admin.subtitle">
      <IdentityReviewQueue />
    </FeaturePage>
  );
}
