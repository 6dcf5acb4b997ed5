import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AdminLogList } from '../../features/admin-log/components/admin-log-list';

/** The admin log (/admin/log, admins only): every admin action with its state before and after. */
export default function AdminLogPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminLog')} subtitle={t('adminLog.subtitle')} />
      <AdminLogList />
    </>
  );
}
