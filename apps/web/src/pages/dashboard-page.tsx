import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { overviewQueryOptions } from '../features/overview/api/get-overview';
import { OverviewStrip } from '../features/overview/components/overview-strip';
import { WorksManager } from '../features/works/components/works-manager';
import './dashboard/dashboard-page.css';

/** "My panorama model management" (spec 2.3): the overview, then the works manager. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The overview counts works by status: refresh it whenever the manager changes them.
  const refreshOverview = useCallback(() => void queryClient.invalidateQueries({ queryKey: overviewQueryOptions.queryKey }), [queryClient]);
  return (
    <div className="dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <OverviewStrip />
      <WorksManager onChanged={refreshOverview} />
    </div>
  );
}
