import { Badge, Button, Empty, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { usePaging } from '../../../lib/use-paged-filters';
import { useStepBackFromEmptyPage } from '../../../lib/use-step-back-from-empty-page';
import { useUi } from '../../../stores/ui-store';
import type { TransferAnswer } from '../api/answer-transfer';
import { usePendingTransferCount, useTransfers } from '../api/get-transfers';
import type { TransferSide, WorkTransfer } from '../api/types';
import { defaultFilter, isTransferFilter, statusOfFilter, TRANSFER_FILTERS, type TransferFilter } from '../lib/transfer-rules';
import { useNow } from '../../../lib/use-now';
import { TransferCards } from './transfer-cards';
import { TransferTable } from './transfer-table';
import { TransferWorkDrawer } from './transfer-work-drawer';
import { useTransferActions } from './use-transfer-actions';
import './transfers.css';

const PAGE_SIZE = 10;
/** Where works are handed over from: the works dashboard. */
const WORKS_PATH = '/dashboard/dashboard';

/** The status filter lives in the address (`?status=`), so a reload or a shared link keeps it. */
function useFilter(side: TransferSide): [TransferFilter, (filter: TransferFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter = isTransferFilter(raw) ? raw : defaultFilter(side);
  const setFilter = (next: TransferFilter) =>
    setSearchParams(
      (params) => {
        if (next === defaultFilter(side)) params.delete('status');
        else params.set('status', next);
        return params;
      },
      { replace: true },
    );
  return [filter, setFilter];
}

/**
 * One side's transfers: status tabs, a table (cards under 992px), the work drawer, and the answers
 * this side may give. Used by "projects awaiting receipt" (received) and "shipped projects" (sent).
 */
export function TransferList({ side }: { side: TransferSide }) {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const now = useNow();
  const [filter, setFilter] = useFilter(side);
  const paging = usePaging(PAGE_SIZE);
  const { pageNum } = paging;
  const transfers = useTransfers(side, { status: statusOfFilter(filter), pageNum, pageSize: PAGE_SIZE });
  const pendingCount = usePendingTransferCount(side);
  const { ask, busyId, dialog } = useTransferActions();
  const [viewing, setViewing] = useState<{ transfer: WorkTransfer; open: boolean } | null>(null);

  const list = transfers.data?.list ?? [];
  const total = transfers.data?.total ?? 0;

  // An answer can empty the last page (a pending one that is now confirmed): step back a page.
  useStepBackFromEmptyPage(transfers, paging);

  // The drawer follows the refreshed row, so its status and answers stay true after an answer.
  const drawerTransfer = viewing ? (list.find((item) => item.id === viewing.transfer.id) ?? viewing.transfer) : null;

  const onAnswer = (transfer: WorkTransfer, action: TransferAnswer) =>
    ask(transfer, action, () =>
      setViewing((current) => (current && current.transfer.id === transfer.id ? { ...current, open: false } : current)),
    );
  const onView = (transfer: WorkTransfer) => setViewing({ transfer, open: true });

  const changeFilter = (next: string) => {
    if (!isTransferFilter(next)) return;
    setFilter(next);
    paging.onPageChange(1);
  };

  // The real names of the menu and the actions a work is handed over with, so the hint leads somewhere.
  const handOverNames = {
    dashboard: t('menu.dashboard'),
    distribute: t('works.actions.distribute'),
    sellTo: t('works.actions.sellTo'),
  };
  const emptyText =
    filter === 'all'
      ? t(`transfers.${side}.empty`, handOverNames)
      : filter === 'pending'
        ? t(`transfers.${side}.emptyPending`)
        : t('transfers.emptyFiltered');
  const emptyAction =
    side === 'sent' && filter === 'all' ? (
      <Link to={WORKS_PATH} data-testid="transfer-list-go-to-works">
        <Button type="primary" tabIndex={-1}>
          {t('transfers.sent.goToWorks', handOverNames)}
        </Button>
      </Link>
    ) : null;

  const viewProps = { side, transfers: list, now, busyId, onView, onAnswer };

  let body;
  if (transfers.isPending) {
    body = (
      <div className="transfer-list__skeleton" aria-busy="true" data-testid="transfer-list-loading">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} active avatar={{ shape: 'square', size: 48 }} paragraph={{ rows: 1 }} />
        ))}
      </div>
    );
  } else if (transfers.isError && !transfers.data) {
    body = (
      <div data-testid="transfer-list-error">
        <LoadFailed title={t('transfers.list.loadFailed')} query={transfers} />
      </div>
    );
  } else if (total === 0) {
    body = (
      <Empty
        className="transfer-list__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
        data-testid="transfer-list-empty"
      >
        {emptyAction}
      </Empty>
    );
  } else if (isMobile) {
    body = (
      <>
        <TransferCards {...viewProps} />
        <ListPager className="transfer-list__pagination" simple paging={paging} total={total} />
      </>
    );
  } else {
    body = (
      <TransferTable
        {...viewProps}
        loading={transfers.isPlaceholderData && transfers.isFetching}
        pagination={tablePagination(paging, total, { hideOnSinglePage: true, showTotal: (count) => t('transfers.list.total', { count }) })}
      />
    );
  }

  return (
    <section className="transfer-list" aria-label={t('transfers.list.label')} data-side={side}>
      <Tabs
        className="transfer-list__tabs"
        activeKey={filter}
        onChange={changeFilter}
        items={TRANSFER_FILTERS.map((key) => ({
          key,
          label:
            key === 'pending' ? (
              <span className="transfer-list__tab">
                {t('transfers.filters.pending')}
                <Badge
                  count={pendingCount.data ?? 0}
                  size="small"
                  color={side === 'received' ? '#f5222d' : '#2f54eb'}
                  data-testid="transfer-pending-tab-count"
                />
              </span>
            ) : (
              t(`transfers.filters.${key}`)
            ),
        }))}
      />
      <div className="transfer-list__body" data-testid="transfer-list" data-filter={filter}>
        {body}
      </div>
      <TransferWorkDrawer
        transfer={drawerTransfer}
        open={viewing?.open ?? false}
        side={side}
        now={now}
        fullScreen={isMobile}
        busyId={busyId}
        onAnswer={onAnswer}
        onClose={() => setViewing((current) => (current ? { ...current, open: false } : current))}
        onClosed={() => setViewing((current) => (current && !current.open ? null : current))}
      />
      {dialog}
    </section>
  );
}
