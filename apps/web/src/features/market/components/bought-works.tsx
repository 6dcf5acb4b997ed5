import { CompassOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { MarketPurchase } from '@spatia/contract';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { actionsColumn } from '../../../components/actions-column';
import { LoadFailed } from '../../../components/load-failed';
import { PageTable } from '../../../components/page-table';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { usePaging } from '../../../lib/use-paged-filters';
import { useMyPurchases } from '../api/market';
import { boughtWorkPath, marketDetailsPath } from '../lib/market-paths';
import './market.css';

const PAGE_SIZE = 10;

/**
 * The console's bought works (/model/bought): every market purchase, newest first, with its licence; a view
 * licence opens the work, a copy licence the buyer's own copy. A refunded purchase says so and opens nothing.
 */
export function BoughtWorks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging(PAGE_SIZE);
  const purchases = useMyPurchases({ pageNum: paging.pageNum, pageSize: PAGE_SIZE });

  const columns: TableColumnsType<MarketPurchase> = [
    {
      title: t('market.bought.columns.work'),
      key: 'work',
      render: (_, row) => (
        <span className="market-bought__work">
          <span className="market-bought__cover">
            {row.work.coverUrl ? <img src={row.work.coverUrl} alt="" /> : <CompassOutlined aria-hidden />}
          </span>
          <span>
            <Link to={marketDetailsPath(row.listingId)} className="market-bought__name">
              {row.work.name}
            </Link>
            <Typography.Text type="secondary" className="market-bought__type">
              {t(`works.type.${row.work.type}`)}
            </Typography.Text>
          </span>
        </span>
      ),
    },
    {
      title: t('market.bought.columns.licence'),
      key: 'licence',
      render: (_, row) => (
        <Tooltip title={t(`market.licence.${row.licence}.explained`)}>
          <Tag color={row.licence === 'copy' ? 'blue' : 'cyan'} data-testid="bought-licence">
            {t(`market.licence.${row.licence}.name`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('market.bought.columns.price'),
      key: 'price',
      align: 'right',
      render: (_, row) => <strong>{formatYuan(row.priceFen)}</strong>,
    },
    { title: t('market.bought.columns.seller'), key: 'seller', render: (_, row) => displayPersonName(row.seller.name, t) },
    {
      title: t('market.bought.columns.boughtAt'),
      key: 'boughtAt',
      render: (_, row) => (
        <>
          <div>{formatDate(row.purchasedAt)}</div>
          <Typography.Text type="secondary">{row.orderNo}</Typography.Text>
        </>
      ),
    },
    {
      title: t('market.bought.columns.status'),
      key: 'status',
      render: (_, row) =>
        row.status === 'refunded' ? (
          <Tooltip title={row.refundReason || undefined}>
            <Tag color="orange" data-testid="bought-status">
              {t('market.bought.status.refunded')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green" data-testid="bought-status">
            {t('market.bought.status.completed')}
          </Tag>
        ),
    },
    actionsColumn(t('market.bought.columns.actions'), (row) => {
      const path = boughtWorkPath(row);
      if (!path) return null;
      return (
        <Button size="small" type="primary" ghost onClick={() => void navigate(path)} data-testid="bought-open">
          {t(row.licence === 'copy' ? 'market.bought.openCopy' : 'market.bought.openWork')}
        </Button>
      );
    }),
  ];

  if (purchases.isError && !purchases.data) return <LoadFailed title={t('market.bought.loadFailed')} query={purchases} />;
  if (purchases.data && purchases.data.total === 0) {
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.bought.empty')} data-testid="bought-empty">
          <Button type="primary" icon={<ShopOutlined aria-hidden />} onClick={() => void navigate('/market')}>
            {t('market.bought.browse')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card
      extra={
        <Link to="/market">
          <ShopOutlined aria-hidden /> {t('market.bought.browse')}
        </Link>
      }
      title={t('market.bought.total', { count: purchases.data?.total ?? 0 })}
    >
      <PageTable<MarketPurchase>
        rowKey="id"
        columns={columns}
        page={purchases.data}
        paging={paging}
        loading={purchases.isFetching && !purchases.data}
        emptyText={t('market.bought.empty')}
        onRow={() => ({ 'data-testid': 'bought-row' }) as HTMLAttributes<HTMLElement>}
        data-testid="bought-works"
      />
    </Card>
  );
}
