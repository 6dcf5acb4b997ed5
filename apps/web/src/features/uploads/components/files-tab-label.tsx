import { Badge } from 'antd';
import type { WorkDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useWorkUploads } from '../lib/upload-hooks';

/** The edit drawer's Files tab label: the uploads running, or else the files the work holds. */
export function FilesTabLabel({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const { items } = useWorkUploads(work.uid, work.type);
  const running = items.filter((item) => item.status === 'uploading' || item.status === 'preparing' || item.status === 'verifying').length;
  return (
    <span data-testid="work-edit-files-tab">
      {t('workEdit.tabs.files')}{' '}
      <Badge count={running || work.assets.length} color={running ? '#2f54eb' : '#94a3b8'} size="small" showZero={false} />
    </span>
  );
}
