import { FeaturePage } from '../../components/feature-page';
import { AdminApplicationsQueue } from '../../features/membership';

/** The membership application review queue (/admin/membershipApplications, admins only). */
export default function MembershipApplicationsPage() {
  return (
    <FeaturePage titleKey="menu.adminMembershipApplications" subtitleKey="membership.admin.applicationsSubtitle">
      <AdminApplicationsQueue />
    </FeaturePage>
  );
}
