import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WorkAuditQueue } from '../../features/work-audit/components/work-audit-queue';

/** The works audit queue of the back office (/admin/audit, admins only). */
export default function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminAudit')} subtitle={t('workAudit.subtitle')} />
      <WorkAuditQueue />
    </>
  );
}
