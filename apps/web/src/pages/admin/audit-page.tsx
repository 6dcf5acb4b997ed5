import { FeaturePage } from '../../components/feature-page';
import { WorkAuditQueue } from '../../features/work-audit';

/** The works audit queue of the back office (/admin/audit, admins only). */
export default function AdminAuditPage() {
  return (
    <FeaturePage titleKey="menu.adminAudit" subtitleKey="workAudit.subtitle">
      <WorkAuditQueue />
    </FeaturePage>
  );
}
