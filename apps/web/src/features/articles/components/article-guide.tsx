import { ReadOutlined } from '@ant-design/icons';
import { Empty, Pagination, Segmented, Skeleton } from 'antd';
import { ARTICLE_CATEGORIES, type ArticleCard as Card, type ArticleCategory } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate } from '../../../lib/format';
import { GUIDE_PAGE_SIZE, usePublicArticles } from '../api/articles';
import { articlePath } from '../lib/article-paths';
import './articles.css';

const isCategory = (value: string | null): value is ArticleCategory => ARTICLE_CATEGORIES.includes(value as ArticleCategory);

/**
 * /guide: the course guide first, with the news and the cases a tab away; the category and the page
 * are kept in the address (`?category=news&page=2`), so a reload or a shared link shows the same list.
 */
export function ArticleGuide() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('category');
  const category: ArticleCategory = isCategory(asked) ? asked : 'courseGuide';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const articles = usePublicArticles(category, page);
  const go = (next: { category?: ArticleCategory; page?: number }) => {
    const search = new URLSearchParams();
    const nextCategory = next.category ?? category;
    if (nextCategory !== 'courseGuide') search.set('category', nextCategory);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const list = articles.data?.list ?? [];
  const total = articles.data?.total ?? 0;

  let body;
  if (articles.isError && !articles.data) {
    body = <LoadFailed title={t('articles.guide.loadFailed')} query={articles} testId="guide-load-failed" />;
  } else if (articles.isPending) {
    body = (
      <ul className="article-grid" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="article-card article-card--loading">
            <Skeleton.Node active className="article-card__cover" />
            <Skeleton active title paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (list.length === 0) {
    body = (
      <Empty
        className="article-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('articles.guide.empty')}
        data-testid="guide-empty"
      />
    );
  } else {
    body = (
      <ul className="article-grid" aria-busy={articles.isFetching} data-testid="guide-grid">
        {list.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="article-guide">
      <section className="article-hero" aria-labelledby="guide-title">
        <h1 id="guide-title" className="article-hero__title">
          {t('articles.guide.title')}
        </h1>
        <p className="article-hero__subtitle">{t('articles.guide.subtitle')}</p>
      </section>
      <div className="article-body">
        <Segmented<ArticleCategory>
          className="article-tabs"
          value={category}
          onChange={(value) => go({ category: value })}
          options={ARTICLE_CATEGORIES.map((value) => ({ value, label: t(`articles.category.${value}`) }))}
          aria-label={t('articles.guide.categories')}
          data-testid="guide-categories"
        />
        {body}
        {total > GUIDE_PAGE_SIZE && (
          <Pagination
            className="article-pagination"
            align="center"
            current={page}
            pageSize={GUIDE_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={(next) => {
              go({ page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </div>
    </div>
  );
}

/** An article in a list: cover, category, title, summary and date. */
export function ArticleCard({ article }: { article: Card }) {
  const { t } = useTranslation();
  return (
    <Link to={articlePath(article.id)} className="article-card" data-testid="article-card">
      <span className="article-card__cover">
        {article.coverUrl ? <img src={article.coverUrl} alt="" loading="lazy" /> : <ReadOutlined aria-hidden />}
      </span>
      <span className="article-card__meta">
        <span className="article-card__category">{t(`articles.category.${article.category}`)}</span>
        <time dateTime={new Date(article.publishedAt).toISOString()}>{formatDate(article.publishedAt, 'YYYY-MM-DD')}</time>
      </span>
      <span className="article-card__title">{article.title}</span>
      {article.summary && <span className="article-card__summary">{article.summary}</span>}
    </Link>
  );
}
