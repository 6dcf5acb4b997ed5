import { FeaturePage } from '../../components/feature-page';
import { AdminApplicationsQueue } from '../../features/membership/components/admin-applications-queue';

/** The membership application review queue (/admin/membershipApplications, admins only). */
export default function MembershipApplicationsPage() {
  return (
    <FeaturePage titleKey="menu.adminMembershipApplications" subtitleKey="membership.admin.applicationsSubtitle">
      <AdminApplicationsQueue />
    </FeaturePage>
  );
}
