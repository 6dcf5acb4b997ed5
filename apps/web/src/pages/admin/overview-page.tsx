import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AdminOverviewPanel } from '../../features/admin-overview/components/admin-overview';

/** The back office's first page (/admin/overview, admins only). */
export default function AdminOverviewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminOverview')} subtitle={t('adminOverview.subtitle')} />
      <AdminOverviewPanel />
    </>
  );
}
