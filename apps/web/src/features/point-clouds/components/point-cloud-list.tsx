import {
  CheckCircleFilled,
  ClockCircleOutlined,
  DeploymentUnitOutlined,
  ExclamationCircleFilled,
  ExportOutlined,
  LoadingOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';
import { Button, Empty, Input, Result, Skeleton, Tag, Tooltip } from 'antd';
import type { PointCloudListItem } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PointsProgress } from '../../../components/points-progress';
import { ProcessingBar } from '../../../components/processing-bar';
import { RelativeTime } from '../../../components/relative-time';
import { useLanguage } from '../../../i18n';
import { formatCount } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paged-filters';
import { usePointClouds } from '../api/get-point-clouds';
import { canOpen, pointCloudProgressOf } from '../lib/point-cloud-rows';
import './point-clouds.css';

const PAGE_SIZE = 10;

/**
 * The signed-in person's point clouds: cover, name, status, conversion (polled while it runs), point
 * count and last change, searchable by name, a page at a time. Open takes a processed cloud to its viewer.
 */
export function PointCloudList() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(PAGE_SIZE);
  const { pageNum } = paging;
  const query = usePointClouds({ pageNum, pageSize: PAGE_SIZE, keyword });
  const page = query.data;

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (query.isError && !page) {
    body = (
      <Result
        status="error"
        title={t('pointClouds.loadFailed')}
        subTitle={query.error.message || undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('pointClouds.retry')}
          </Button>
        }
      />
    );
  } else if (!page || page.list.length === 0) {
    body = keyword ? (
      <Empty description={t('pointClouds.empty.noMatch', { keyword })} />
    ) : (
      <Empty
        image={<DeploymentUnitOutlined className="point-clouds__empty-icon" aria-hidden />}
        description={<EmptyText />}
        data-testid="point-clouds-empty"
      >
        <Link to="/dashboard/dashboard?create=pointcloud">
          <Button type="primary" tabIndex={-1}>
            {t('pointClouds.empty.create')}
          </Button>
        </Link>
      </Empty>
    );
  } else {
    body = (
      <>
        <ul className="point-clouds__list" aria-busy={query.isFetching && query.isPlaceholderData}>
          {page.list.map((item) => (
            <PointCloudRow key={item.uid} item={item} />
          ))}
        </ul>
        <ListPager className="point-clouds__pagination" paging={paging} total={page.total} showSizeChanger={false} size="small" />
      </>
    );
  }

  return (
    <section className="point-clouds" aria-label={t('pointClouds.title')}>
      <div className="point-clouds__toolbar">
        <Input.Search
          allowClear
          placeholder={t('pointClouds.search')}
          aria-label={t('pointClouds.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            paging.onPageChange(1);
          }}
          className="point-clouds__search"
          data-testid="point-clouds-search"
        />
        {page && page.total > 0 && <span className="point-clouds__count">{t('pointClouds.count', { count: page.total })}</span>}
      </div>
      {body}
    </section>
  );
}

function EmptyText() {
  const { t } = useTranslation();
  return (
    <>
      <strong className="point-clouds__empty-title">{t('pointClouds.empty.title')}</strong>
      <span className="point-clouds__empty-text">{t('pointClouds.empty.text')}</span>
    </>
  );
}

function PointCloudRow({ item }: { item: PointCloudListItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const openable = canOpen(item);
  const open = (
    <Button
      icon={<ExportOutlined />}
      href={`/details/${encodeURIComponent(item.uid)}`}
      target="_blank"
      rel="noopener"
      disabled={!openable}
      aria-label={t('pointClouds.openLabel', { name: item.name })}
      data-testid="point-cloud-open"
    >
      {t('pointClouds.open')}
    </Button>
  );
  return (
    <li className="point-clouds__row" data-testid="point-cloud-item" data-uid={item.uid} data-state={item.processing.state}>
      <div className="point-clouds__cover">
        {item.coverUrl ? <img src={item.coverUrl} alt="" loading="lazy" /> : <DeploymentUnitOutlined aria-hidden />}
      </div>
      <div className="point-clouds__main">
        <div className="point-clouds__title">
          <h3 className="point-clouds__name" title={item.name}>
            {item.name}
          </h3>
          <Tag className="point-clouds__status">{t(`works.status.${item.status}`, { defaultValue: item.status })}</Tag>
        </div>
        <div className="point-clouds__meta">
          <span>
            {item.points === null
              ? t('pointClouds.noPoints')
              : t('pointClouds.points', { count: item.points, formatted: formatCount(item.points, language) })}
          </span>
          <span aria-hidden>·</span>
          <RelativeTime at={item.updatedAt} phrase={(time) => t('pointClouds.updated', { time })} />
        </div>
        <PointCloudProcessing item={item} />
      </div>
      <div className="point-clouds__actions">{openable ? open : <Tooltip title={t('pointClouds.notOpenable')}>{open}</Tooltip>}</div>
    </li>
  );
}

function PointCloudProcessing({ item }: { item: PointCloudListItem }) {
  const { t } = useTranslation();
  const progress = pointCloudProgressOf(item);
  switch (progress.kind) {
    case 'idle':
      return (
        <p className="point-clouds__processing">
          <MinusCircleOutlined aria-hidden /> {t('works.processing.idle')}
        </p>
      );
    case 'queued':
      return (
        <p className="point-clouds__processing" aria-live="polite">
          <ClockCircleOutlined aria-hidden /> {t('works.processing.queued')}
        </p>
      );
    case 'running':
      return (
        <div className="point-clouds__processing point-clouds__processing--running" aria-live="polite">
          <p>
            <LoadingOutlined aria-hidden /> {t(`works.processing.stages.${progress.stage}`)}
            <PointsProgress points={progress.points} className="point-clouds__points" testId="point-cloud-points-progress" />
            <span className="point-clouds__percent">{progress.percent}%</span>
          </p>
          <ProcessingBar percent={progress.percent} label={t('pointClouds.processingLabel', { name: item.name })} />
        </div>
      );
    case 'failed':
      return (
        <p className="point-clouds__processing point-clouds__processing--failed" role="alert">
          <ExclamationCircleFilled aria-hidden /> {progress.message ?? t('works.processing.failed')}
        </p>
      );
    case 'done':
      return (
        <p className="point-clouds__processing point-clouds__processing--done">
          <CheckCircleFilled aria-hidden /> {t('works.processing.processed')}
        </p>
      );
  }
}
