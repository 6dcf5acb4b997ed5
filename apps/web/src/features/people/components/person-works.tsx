import { CompassOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import type { PersonHomepage, WorkSummary } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate } from '../../../lib/format';
import { usePersonWorks, type WorksFilter } from '../api/people';
import { workTypeTabs } from '../lib/follow-state';
import type { PeopleLinks } from '../lib/people-links';

const SKELETON_CARDS = 4;

/** A person's public works, by type, each opening its public page with its viewer; more on request. */
export function PersonWorks({ person, links }: { person: PersonHomepage; links: PeopleLinks }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<WorksFilter>('all');
  const works = usePersonWorks(person.uid, type);
  const list = works.data?.pages.flatMap((page) => page.list) ?? [];

  let grid;
  if (works.isError) {
    grid = <LoadFailed title={t('people.works.loadFailed')} query={works} testId="person-works-failed" />;
  } else if (works.isPending) {
    grid = (
      <ul className="person-grid" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} className="person-card person-card--loading">
            <Skeleton.Node active className="person-card__cover" />
            <Skeleton active title paragraph={{ rows: 1 }} />
          </li>
        ))}
      </ul>
    );
  } else if (list.length === 0) {
    grid = (
      <Empty
        className="person-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={type === 'all' ? t(person.isSelf ? 'people.works.emptyOwn' : 'people.works.empty') : t('people.works.emptyType')}
        data-testid="person-works-empty"
      >
        {person.isSelf && type === 'all' && (
          <Button type="primary" onClick={() => void navigate(links.worksManagerPath)}>
            {t('people.works.manage')}
          </Button>
        )}
      </Empty>
    );
  } else {
    grid = (
      <>
        <ul className="person-grid" data-testid="person-works-grid">
          {list.map((work) => (
            <li key={work.uid}>
              <WorkCard work={work} />
            </li>
          ))}
        </ul>
        {works.hasNextPage && (
          <div className="person-more">
            <Button onClick={() => void works.fetchNextPage()} loading={works.isFetchingNextPage} data-testid="person-works-more">
              {t('people.works.more')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-label={t('people.worksTitle')}>
      <div className="person-section-head">
        <Segmented<WorksFilter>
          className="person-works__types"
          value={type}
          onChange={setType}
          options={workTypeTabs(person.works).map((tab) => ({
            value: tab.key,
            label: `${t(`people.works.${tab.key}`)} ${tab.count}`,
          }))}
          data-testid="person-works-types"
        />
      </div>
      {grid}
    </section>
  );
}

function WorkCard({ work }: { work: WorkSummary }) {
  const { t } = useTranslation();
  return (
    <Link to={`/details/${encodeURIComponent(work.uid)}`} className="person-card" data-testid="person-work-card">
      <span className="person-card__cover">
        {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <CompassOutlined aria-hidden />}
        <Tag className="person-card__type">{t(`works.type.${work.type}`)}</Tag>
      </span>
      <span className="person-card__name">{work.name}</span>
      <span className="person-card__line">{formatDate(work.createdAt, 'YYYY-MM-DD')}</span>
    </Link>
  );
}
