import { FileTextOutlined, PictureOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, type InputRef, Pagination, Segmented, Skeleton, Tabs, Tag } from 'antd';
import {
  SEARCH_TOTAL_MAX,
  WORK_TYPES,
  type ArticleSearchHit,
  type PersonSearchHit,
  type SearchAnswer,
  type SearchKind,
  type SearchSourceKind,
  type WorkSearchHit,
  type WorkType,
} from '@spatia/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IdentityBadges } from '../../../components/identity-badges';
import { LoadFailed } from '../../../components/load-failed';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import { personPath } from '../../../lib/person-paths';
import { SEARCH_PAGE_SIZE, useSearch } from '../api/search';
import { changeSearchQuery, readSearchQuery, writeSearchQuery, type SearchQuery } from '../lib/search-query';
import { HighlightedText } from './highlighted-text';
import './search.css';

type TypeChoice = WorkType | 'all';

/**
 * /search: works, people and articles anyone may see, found by a keyword (Chinese of one character too),
 * with a tab per kind and its count, the works' type, the matches marked, and everything in the address
 * so a search can be shared (docs/search.md).
 */
export function SearchView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readSearchQuery(params);
  const results = useSearch(query);
  const change = (next: Partial<SearchQuery>) => setParams(writeSearchQuery(changeSearchQuery(query, next)));
  const answer = query.keyword ? results.data : undefined;

  let body;
  if (!query.keyword) {
    body = <Suggestions title={t('search.start')} onPick={(keyword) => change({ keyword })} testId="search-empty" />;
  } else if (results.isError && !results.data) {
    body = <LoadFailed title={t('search.loadFailed')} query={results} testId="search-load-failed" />;
  } else if (!answer) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    body = <Results answer={answer} query={query} onChange={change} busy={results.isFetching} />;
  }

  return (
    <div className="search-page">
      <section className="search-hero" role="search" aria-label={t('search.title')}>
        <h1 className="search-hero__title">{t('search.title')}</h1>
        <KeywordBox keyword={query.keyword} onSearch={(keyword) => change({ keyword })} />
      </section>
      <div className="search-body">{body}</div>
    </div>
  );
}

/** The search box: sends on Enter or the button (an IME's Enter picks characters, it does not send); `/` focuses it. */
function KeywordBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const box = useRef<InputRef>(null);
  // Back and forward change the address: the box follows.
  useEffect(() => setText(keyword), [keyword]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], .ant-drawer')) return;
      event.preventDefault();
      box.current?.focus({ cursor: 'all' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Input.Search
      ref={box}
      className="search-hero__box"
      size="large"
      allowClear
      autoFocus={keyword === ''}
      enterButton={<SearchOutlined aria-label={t('search.submit')} />}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onSearch(value.trim())}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      maxLength={50}
      data-testid="search-input"
    />
  );
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function Results({
  answer,
  query,
  onChange,
  busy,
}: {
  answer: SearchAnswer;
  query: SearchQuery;
  onChange: (change: Partial<SearchQuery>) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const totalOf = (kind: SearchSourceKind) => answer.counts.find((count) => count.kind === kind);
  const countLabel = (kind: SearchSourceKind) => {
    const count = totalOf(kind);
    if (!count) return '';
    return count.totalCapped ? `${SEARCH_TOTAL_MAX}+` : String(count.total);
  };
  const everything = answer.counts.reduce((sum, count) => sum + count.total, 0);
  const tabs = [
    { key: 'all', label: t('search.kind.all') },
    ...answer.counts.map((count) => ({
      key: count.kind,
      label: (
        <span data-testid={`search-tab-${count.kind}`}>
          {t(`search.kind.${count.kind}`)} <span className="search-tabs__count">{countLabel(count.kind)}</span>
        </span>
      ),
    })),
  ];
  const showsTypes = query.kind === 'all' || query.kind === 'works';
  const page = query.kind === 'all' ? undefined : answer[query.kind];

  return (
    <div aria-busy={busy}>
      <Tabs
        className="search-tabs"
        activeKey={query.kind}
        onChange={(kind) => onChange({ kind: kind as SearchKind })}
        items={tabs}
        data-testid="search-tabs"
      />
      {showsTypes && (
        <div className="search-filters">
          <Segmented<TypeChoice>
            value={query.type ?? 'all'}
            onChange={(choice) => onChange({ type: choice === 'all' ? undefined : choice })}
            options={(['all', ...WORK_TYPES] as const).map((value) => ({ value, label: t(`search.type.${value}`) }))}
            aria-label={t('search.type.label')}
            data-testid="search-type"
          />
        </div>
      )}
      {everything === 0 ? (
        <NoResults query={query} onChange={onChange} />
      ) : query.kind === 'all' ? (
        <div className="search-sections">
          {answer.counts.map((count) =>
            count.total === 0 ? null : (
              <section key={count.kind} className="search-section" aria-labelledby={`search-section-${count.kind}`}>
                <header className="search-section__header">
                  <h2 id={`search-section-${count.kind}`}>
                    {t(`search.kind.${count.kind}`)} <span className="search-tabs__count">{countLabel(count.kind)}</span>
                  </h2>
                  <Button type="link" onClick={() => onChange({ kind: count.kind })} data-testid={`search-more-${count.kind}`}>
                    {t('search.seeAll')}
                  </Button>
                </header>
                <HitList kind={count.kind} answer={answer} />
              </section>
            ),
          )}
        </div>
      ) : !page || page.list.length === 0 ? (
        <NoResults query={query} onChange={onChange} />
      ) : (
        <>
          <HitList kind={query.kind} answer={answer} />
          {page.total > SEARCH_PAGE_SIZE && (
            <Pagination
              className="search-pagination"
              align="center"
              current={query.page}
              pageSize={SEARCH_PAGE_SIZE}
              total={page.total}
              showSizeChanger={false}
              onChange={(next) => {
                onChange({ page: next });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

function HitList({ kind, answer }: { kind: SearchSourceKind; answer: SearchAnswer }) {
  switch (kind) {
    case 'works':
      return (
        <ul className="search-works" data-testid="search-works">
          {(answer.works?.list ?? []).map((work) => (
            <li key={work.uid}>
              <WorkCard work={work} />
            </li>
          ))}
        </ul>
      );
    case 'people':
      return (
        <ul className="search-people" data-testid="search-people">
          {(answer.people?.list ?? []).map((person) => (
            <li key={person.uid}>
              <PersonRow person={person} />
            </li>
          ))}
        </ul>
      );
    case 'articles':
      return (
        <ul className="search-articles" data-testid="search-articles">
          {(answer.articles?.list ?? []).map((article) => (
            <li key={article.id}>
              <ArticleRow article={article} />
            </li>
          ))}
        </ul>
      );
  }
}

function WorkCard({ work }: { work: WorkSearchHit }) {
  const { t } = useTranslation();
  return (
    <Link to={`/details/${encodeURIComponent(work.uid)}`} className="search-work" data-testid="search-work" data-uid={work.uid}>
      <div className="search-work__cover">
        {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <PictureOutlined aria-hidden />}
        <Tag className="search-work__type">{t(`search.type.${work.type}`)}</Tag>
      </div>
      <div className="search-work__text">
        <HighlightedText value={work.name} className="search-work__name" />
        {work.snippet.text && <HighlightedText value={work.snippet} className="search-work__snippet" />}
        <span className="search-work__author">
          <UserAvatar src={work.author.avatarUrl} name={work.author.name} size={20} />
          <span>{work.author.name}</span>
        </span>
      </div>
    </Link>
  );
}

function PersonRow({ person }: { person: PersonSearchHit }) {
  return (
    <Link to={personPath(person.uid)} className="search-person" data-testid="search-person" data-uid={person.uid}>
      <UserAvatar src={person.avatarUrl} name={person.name.text} size={44} />
      <span className="search-person__name">
        <HighlightedText value={person.name} />
        <IdentityBadges identities={person.identities} />
      </span>
    </Link>
  );
}

function ArticleRow({ article }: { article: ArticleSearchHit }) {
  return (
    <Link to={`/articleDetails/${article.id}`} className="search-article" data-testid="search-article" data-id={article.id}>
      <div className="search-article__cover">
        {article.coverUrl ? <img src={article.coverUrl} alt="" loading="lazy" /> : <FileTextOutlined aria-hidden />}
      </div>
      <div className="search-article__text">
        <HighlightedText value={article.title} className="search-article__title" />
        {article.summary.text && <HighlightedText value={article.summary} className="search-article__summary" />}
        <span className="search-article__meta">
          <Tag>{article.category.name}</Tag>
          <time dateTime={new Date(article.publishedAt).toISOString()}>{formatDate(article.publishedAt, 'YYYY-MM-DD')}</time>
        </span>
      </div>
    </Link>
  );
}

/** Nothing matched: say what to try, and undo the narrowing that may be the cause. */
function NoResults({ query, onChange }: { query: SearchQuery; onChange: (change: Partial<SearchQuery>) => void }) {
  const { t } = useTranslation();
  return (
    <div className="search-none" data-testid="search-no-results">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.noResults', { keyword: query.keyword })}>
        <ul className="search-none__tips">
          <li>{t('search.tips.shorter')}</li>
          <li>{t('search.tips.words')}</li>
          {(query.type || query.kind !== 'all') && <li>{t('search.tips.filters')}</li>}
        </ul>
        {(query.type || query.kind !== 'all') && (
          <Button onClick={() => onChange({ type: undefined, kind: 'all' })} data-testid="search-clear-filters">
            {t('search.clearFilters')}
          </Button>
        )}
      </Empty>
      <Suggestions title={t('search.suggestions')} onPick={(keyword) => onChange({ keyword, type: undefined, kind: 'all' })} />
    </div>
  );
}

/** Keywords to start from: what people look for here. */
function Suggestions({ title, onPick, testId }: { title: string; onPick: (keyword: string) => void; testId?: string }) {
  const { t } = useTranslation();
  const keywords = t('search.examples').split(' ');
  return (
    <div className="search-suggestions" data-testid={testId}>
      <p>{title}</p>
      <div className="search-suggestions__list">
        {keywords.map((keyword) => (
          <Button key={keyword} shape="round" autoInsertSpace={false} onClick={() => onPick(keyword)}>
            {keyword}
          </Button>
        ))}
      </div>
    </div>
  );
}
