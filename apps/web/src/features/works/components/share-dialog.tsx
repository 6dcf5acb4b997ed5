import { Modal, Result, Skeleton } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { SharePanel } from '../../../components/share-panel';
import { useRetained } from '../../../lib/use-retained';
import { useWorkShare } from '../api/get-work-share';

/** The work's public link, QR code and embed code, as the server gives them (`GET /model/{uid}/share`). */
export function ShareDialog({ work, onClose }: { work: WorkSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const share = useWorkShare(shown?.uid ?? null);

  return (
    <Modal
      open={work !== null}
      title={t('works.share.title', { name: shown?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={600}
    >
      {share.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : share.isError ? (
        <Result status="warning" title={t('works.share.loadFailed')} subTitle={share.error.message || undefined} />
      ) : (
        shown && <SharePanel url={share.data.url} embedCode={share.data.embedCode} kind={shown.type} strings="works.share" />
      )}
    </Modal>
  );
}
