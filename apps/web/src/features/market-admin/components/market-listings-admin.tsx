import { CompassOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Input, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { MARKET_REASON_MAX_LENGTH, type AdminMarketListing, type MarketListingStatus } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../components/actions-column';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { ReasonDialog } from '../../../components/reason-dialog';
import { TwoLineCell } from '../../../components/review-queue-cells';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useAdminListings, useApproveListing, useRejectListing, useTakeListingOff } from '../api/market-admin';
import './market-admin.css';

const PAGE_SIZE = 10;
const STATUS_FILTERS = ['pending', 'onMarket', 'rejected', 'off', 'all'] as const;
const STATUS_COLORS: Record<MarketListingStatus, string> = { pending: 'gold', onMarket: 'green', rejected: 'red', off: 'default' };

type Refusal = { kind: 'reject' | 'takeOff'; listing: AdminMarketListing };

/**
 * The back office's market listings (/admin/marketListings): those waiting for review first. An admin opens
 * the listing's page (the viewer, as buyers will see it), then approves it or rejects it with a reason the
 * seller reads; a listing on the market can be taken off, with a reason too.
 */
export function MarketListingsAdmin() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{
    status: (typeof STATUS_FILTERS)[number];
    keyword: string | undefined;
  }>({ status: 'pending', keyword: undefined }, PAGE_SIZE);
  const listings = useAdminListings(query);
  const approve = useApproveListing();
  const reject = useRejectListing();
  const takeOff = useTakeListingOff();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const busy = approve.isPending || reject.isPending || takeOff.isPending;

  const onApprove = (listing: AdminMarketListing) => {
    modal.confirm({
      title: t('marketAdmin.approve.title', { name: listing.work.name }),
      content: t('marketAdmin.approve.content', {
        price: formatYuan(listing.priceFen),
        licence: t(`marketAdmin.licence.${listing.licence}`),
      }),
      okText: t('marketAdmin.approve.confirm'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { ...{ 'data-testid': 'market-approve-confirm' } },
      // A refusal (decided by another admin meanwhile) was shown by the client; the list refreshes either way.
      onOk: () =>
        approve.mutateAsync(listing.id).then(
          () => void message.success(t('marketAdmin.approved', { name: listing.work.name })),
          () => undefined,
        ),
    });
  };

  const onRefuse = (reason: string) => {
    if (!refusal) return;
    const { kind, listing } = refusal;
    (kind === 'reject' ? reject : takeOff).mutate(
      { id: listing.id, reason },
      {
        onSuccess: () => {
          void message.success(t(kind === 'reject' ? 'marketAdmin.rejected' : 'marketAdmin.takenOff', { name: listing.work.name }));
          setRefusal(null);
        },
      },
    );
  };

  const columns: TableColumnsType<AdminMarketListing> = [
    {
      title: t('marketAdmin.columns.work'),
      key: 'work',
      render: (_, row) => (
        <span className="market-admin__work">
          <span className="market-admin__cover">
            {row.work.coverUrl ? <img src={row.work.coverUrl} alt="" /> : <CompassOutlined aria-hidden />}
          </span>
          <TwoLineCell primary={<strong>{row.work.name}</strong>} secondary={t(`works.type.${row.work.type}`)} />
        </span>
      ),
    },
    {
      title: t('marketAdmin.columns.seller'),
      key: 'seller',
      render: (_, row) => <TwoLineCell primary={displayPersonName(row.seller.name, t)} secondary={row.seller.uid} />,
    },
    {
      title: t('marketAdmin.columns.price'),
      key: 'price',
      render: (_, row) => (
        <TwoLineCell primary={<strong>{formatYuan(row.priceFen)}</strong>} secondary={t(`marketAdmin.licence.${row.licence}`)} />
      ),
    },
    {
      title: t('marketAdmin.columns.submittedAt'),
      key: 'submittedAt',
      render: (_, row) => formatDate(row.submittedAt),
    },
    {
      title: t('marketAdmin.columns.status'),
      key: 'status',
      render: (_, row) => (
        <div className="market-admin__status">
          <Tag color={STATUS_COLORS[row.status]} data-testid="market-listing-status">
            {t(`marketAdmin.status.${row.status}`)}
          </Tag>
          {row.status === 'off' && row.offReason && (
            <Typography.Text type="secondary" className="market-admin__note">
              {t(`marketAdmin.offReason.${row.offReason}`)}
            </Typography.Text>
          )}
          {row.reason && (
            <Typography.Text type="secondary" className="market-admin__note">
              {t('marketAdmin.reason', { reason: row.reason })}
            </Typography.Text>
          )}
          {row.status === 'onMarket' && (
            <Typography.Text type="secondary" className="market-admin__note">
              {t('marketAdmin.sales', { count: row.sales })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    actionsColumn(t('marketAdmin.columns.actions'), (row) => (
      <Space size={4} wrap>
        <Button
          size="small"
          icon={<ExportOutlined aria-hidden />}
          href={`/marketDetails/${row.id}`}
          target="_blank"
          rel="noopener"
          data-testid="market-listing-open"
        >
          {t('marketAdmin.actions.open')}
        </Button>
        {row.status === 'pending' && (
          <>
            <Button size="small" type="primary" disabled={busy} onClick={() => onApprove(row)} data-testid="market-listing-approve">
              {t('marketAdmin.actions.approve')}
            </Button>
            <Button
              size="small"
              danger
              disabled={busy}
              onClick={() => setRefusal({ kind: 'reject', listing: row })}
              data-testid="market-listing-reject"
            >
              {t('marketAdmin.actions.reject')}
            </Button>
          </>
        )}
        {row.status === 'onMarket' && (
          <Button
            size="small"
            danger
            disabled={busy}
            onClick={() => setRefusal({ kind: 'takeOff', listing: row })}
            data-testid="market-listing-take-off"
          >
            {t('marketAdmin.actions.takeOff')}
          </Button>
        )}
      </Space>
    )),
  ];

  const kind = refusal?.kind ?? 'reject';
  return (
    <>
      <FilteredPageTable<AdminMarketListing>
        toolbarClassName="market-admin__toolbar"
        toolbar={
          <>
            <Segmented
              value={filters.status}
              onChange={(status) => changeFilters({ status })}
              options={STATUS_FILTERS.map((value) => ({ value, label: t(`marketAdmin.filters.${value}`) }))}
              data-testid="market-listings-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('marketAdmin.listingSearch')}
              aria-label={t('marketAdmin.listingSearch')}
              onSearch={(value) => changeFilters({ keyword: value.trim() || undefined })}
              className="market-admin__search"
            />
          </>
        }
        columns={columns}
        page={listings.data}
        paging={paging}
        loading={listings.isFetching && !listings.data}
        emptyText={t(filters.status === 'pending' ? 'marketAdmin.emptyPending' : 'marketAdmin.empty')}
        rowTestId="market-listing-row"
        data-testid="market-listings"
      />
      <ReasonDialog
        open={refusal !== null}
        title={t(`marketAdmin.${kind}.title`, { name: refusal?.listing.work.name ?? '' })}
        label={t('marketAdmin.reasonLabel')}
        requiredMessage={t('marketAdmin.reasonRequired')}
        hint={t(`marketAdmin.${kind}.hint`)}
        okText={t(`marketAdmin.${kind}.confirm`)}
        maxLength={MARKET_REASON_MAX_LENGTH}
        busy={reject.isPending || takeOff.isPending}
        onCancel={() => setRefusal(null)}
        onSubmit={onRefuse}
        testId="market-listing-reason"
      />
    </>
  );
}
