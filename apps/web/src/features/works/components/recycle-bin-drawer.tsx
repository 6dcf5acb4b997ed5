import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, Grid, Skeleton } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paged-filters';
import { usePurgeWork, useRecycleBin, useRestoreWorks } from '../api/recycle-bin';
import { purgeTime } from '../lib/recycle-bin';
import { UNDO_MESSAGE_KEY } from './use-work-actions';
import { WorkCover } from './work-cover';

const PAGE_SIZE = 10;

interface RecycleBinDrawerProps {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** Deleted works, each with when it goes for good; restore, or delete forever after a confirmation. */
export function RecycleBinDrawer({ open, onClose, onChanged }: RecycleBinDrawerProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const paging = usePaging(PAGE_SIZE);
  const { pageNum, onPageChange } = paging;
  const bin = useRecycleBin(pageNum, PAGE_SIZE, open);
  const restore = useRestoreWorks();
  const purge = usePurgeWork();

  const restoreOne = async (work: WorkSummary) => {
    try {
      await restore.mutateAsync([work.uid]);
    } catch {
      return;
    }
    // An undo offered for an earlier delete is moot once the work is back.
    message.destroy(UNDO_MESSAGE_KEY);
    void message.success(t('works.done.restored', { name: work.name }));
    onChanged();
  };

  const confirmPurge = (work: WorkSummary) => {
    modal.confirm({
      title: t('works.recycle.purgeTitle', { name: work.name }),
      content: t('works.recycle.purgeText'),
      okText: t('works.recycle.purge'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        purge.mutateAsync(work.uid).then(
          () => {
            void message.success(t('works.recycle.purged', { name: work.name }));
            onChanged();
          },
          () => undefined,
        ),
    });
  };

  const list = bin.data?.list ?? [];
  const total = bin.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    // The last item of a later page went: show the page that is now the last.
    if (bin.data && pageNum > lastPage) onPageChange(lastPage);
  }, [bin.data, pageNum, lastPage, onPageChange]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('works.recycle.title')}
      size={screens.md ? 560 : '100%'}
      destroyOnHidden
      className="works-recycle"
    >
      <p className="works-recycle__hint">{t('works.recycle.hint')}</p>
      {bin.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : bin.isError ? (
        <LoadFailed title={t('works.recycle.loadFailed')} query={bin} showMessage={false} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('works.recycle.empty')} data-testid="recycle-bin-empty" />
      ) : (
        <>
          <ul className="works-recycle__list" aria-busy={bin.isFetching}>
            {list.map((work) => (
              <li key={work.uid} className="works-recycle__item" data-testid="recycle-item" data-uid={work.uid}>
                <WorkCover name={work.name} type={work.type} coverUrl={work.coverUrl} size="thumb" />
                <div className="works-recycle__body">
                  <strong className="works-recycle__name" title={work.name}>
                    {work.name}
                  </strong>
                  {work.deletedAt !== null && (
                    <span className="works-recycle__meta">
                      <span title={formatDate(work.deletedAt)}>
                        {t('works.recycle.deletedAt', { time: formatRelativeTime(work.deletedAt) })}
                      </span>
                      <span className="works-recycle__purge">
                        {t('works.recycle.purgeOn', { date: formatDate(purgeTime(work.deletedAt), 'YYYY-MM-DD') })}
                      </span>
                    </span>
                  )}
                </div>
                <div className="works-recycle__actions">
                  <Button
                    size="small"
                    icon={<UndoOutlined />}
                    onClick={() => void restoreOne(work)}
                    loading={restore.isPending && restore.variables?.[0] === work.uid}
                    data-testid="recycle-restore"
                  >
                    {t('works.recycle.restore')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => confirmPurge(work)}
                    data-testid="recycle-purge"
                  >
                    {t('works.recycle.purge')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <ListPager
            className="works-recycle__pagination"
            size="small"
            align="center"
            paging={paging}
            total={total}
            showTotal={(count) => t('works.recycle.total', { count })}
          />
        </>
      )}
    </Drawer>
  );
}
