import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { overviewQueryOptions, OverviewStrip } from '../features/overview';
import { CoverEditor, FilesTabLabel, UploadDrawer, UploadPanel, type UploadTarget } from '../features/uploads';
import { WorkEditDrawer, type WorkEditUploadSlots } from '../features/work-editor';
import { WorksManager } from '../features/works';
import { useLinkRequest } from '../lib/use-link-request';
import './dashboard/dashboard-page.css';

/** The edit drawer's cover field and Files tab come from the uploads feature. */
const EDITOR_UPLOADS: WorkEditUploadSlots = {
  cover: (work, disabled) => <CoverEditor work={work} disabled={disabled} />,
  filesLabel: (work) => <FilesTabLabel work={work} />,
  files: (work) => <UploadPanel uid={work.uid} workType={work.type} />,
};

/**
 * "My panorama model management" (spec 2.3): the overview, then the works manager, with the edit and
 * upload drawers it opens.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editUid, setEditUid] = useState<string | null>(null);
  // `?edit={uid}` (a review notice's link) opens that work's drawer.
  useLinkRequest('edit', (uid) => {
    if (uid) setEditUid(uid);
  });
  const [uploadTarget, setUploadTarget] = useState<UploadTarget | null>(null);
  // The overview counts works by status: refresh it whenever the manager changes them.
  const refreshOverview = useCallback(() => void queryClient.invalidateQueries({ queryKey: overviewQueryOptions.queryKey }), [queryClient]);
  return (
    <div className="dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <OverviewStrip />
      <WorksManager onChanged={refreshOverview} onEdit={setEditUid} onUpload={setUploadTarget} />
      <WorkEditDrawer uid={editUid} open={editUid !== null} onClose={() => setEditUid(null)} uploads={EDITOR_UPLOADS} />
      <UploadDrawer target={uploadTarget} onClose={() => setUploadTarget(null)} onUploaded={refreshOverview} />
    </div>
  );
}
