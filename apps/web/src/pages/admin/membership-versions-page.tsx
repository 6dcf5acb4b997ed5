import { FeaturePage } from '../../components/feature-page';
import { AdminVersionsEditor } from '../../features/membership';

/** Membership versions of the back office (/admin/membershipVersions, admins only). */
export default function MembershipVersionsPage() {
  return (
    <FeaturePage titleKey="menu.adminMembershipVersions" subtitleKey="membership.admin.versionsSubtitle">
      <AdminVersionsEditor />
    </FeaturePage>
  );
}
