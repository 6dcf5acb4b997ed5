import { AppstoreOutlined, HeartOutlined, UserAddOutlined, WalletOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { personPath } from '../../../lib/person-paths';
import { formatNumber, formatYuan } from '../../../lib/format';
import { useOverview } from '../api/get-overview';
import './overview-strip.css';

interface Stat {
  key: string;
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  /** Where the figure's list is (followers and following: the lists on one's homepage). */
  to?: string;
}

/** Works, followers, following and balance at a glance, above the dashboard's content. */
export function OverviewStrip() {
  const { t } = useTranslation();
  const overview = useOverview();

  if (overview.isError) return null;
  if (overview.isPending) {
    return (
      <div className="overview-strip" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="overview-strip__item">
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['60%', '40%'] }} />
          </div>
        ))}
      </div>
    );
  }

  const { works, followers, following, balance } = overview.data;
  const stats: Stat[] = [
    {
      key: 'works',
      icon: <AppstoreOutlined />,
      label: t('dashboard.overview.works'),
      value: formatNumber(works.total),
      // Every status but unpublished is online (docs/work-lifecycle.md).
      note: t('dashboard.overview.published', { count: works.total - works.byStatus.unpublished }),
    },
    {
      key: 'followers',
      icon: <HeartOutlined />,
      label: t('dashboard.overview.followers'),
      value: formatNumber(followers),
      to: personPath(undefined, 'fans'),
    },
    {
      key: 'following',
      icon: <UserAddOutlined />,
      label: t('dashboard.overview.following'),
      value: formatNumber(following),
      to: personPath(undefined, 'follows'),
    },
    { key: 'balance', icon: <WalletOutlined />, label: t('dashboard.overview.balance'), value: formatYuan(balance) },
  ];

  return (
    <section className="overview-strip" aria-label={t('dashboard.overview.label')} data-testid="overview-strip">
      {stats.map((stat) => {
        const content = (
          <>
            <span className={`overview-strip__icon overview-strip__icon--${stat.key}`} aria-hidden>
              {stat.icon}
            </span>
            <div className="overview-strip__text">
              <span className="overview-strip__label">{stat.label}</span>
              <strong className="overview-strip__value">{stat.value}</strong>
              {stat.note && <span className="overview-strip__note">{stat.note}</span>}
            </div>
          </>
        );
        return stat.to ? (
          <Link key={stat.key} to={stat.to} className="overview-strip__item overview-strip__item--link" data-stat={stat.key}>
            {content}
          </Link>
        ) : (
          <div key={stat.key} className="overview-strip__item" data-stat={stat.key}>
            {content}
          </div>
        );
      })}
    </section>
  );
}
