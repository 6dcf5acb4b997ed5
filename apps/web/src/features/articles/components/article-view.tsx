import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate } from '../../../lib/format';
import { usePublicArticle } from '../api/articles';
import { GUIDE_PATH } from '../lib/article-paths';
import { ArticleCard } from './article-guide';
import './articles.css';

/**
 * /articleDetails/{id}: one published article, its category, date and author, the HTML the server
 * rendered and sanitised (the only HTML this page puts in), and related articles. Unknown, draft,
 * scheduled and unpublished ids show one not-found state.
 */
export function ArticleView({ id }: { id: number }) {
  const { t } = useTranslation();
  const article = usePublicArticle(id);
  const missing = !(Number.isSafeInteger(id) && id > 0) || (article.error instanceof ApiError && article.error.status === 404);

  if (missing) {
    return (
      <Result
        className="article-missing"
        status="404"
        title={t('articles.detail.notFound')}
        subTitle={t('articles.detail.notFoundHint')}
        extra={
          <Link to={GUIDE_PATH}>
            <Button type="primary">{t('articles.detail.back')}</Button>
          </Link>
        }
        data-testid="article-not-found"
      />
    );
  }
  if (article.isError) return <LoadFailed title={t('articles.detail.loadFailed')} query={article} testId="article-load-failed" />;
  if (!article.data) {
    return (
      <div className="article-page__inner">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </div>
    );
  }

  const data = article.data;
  return (
    <div className="article-page__inner">
      <Link to={data.category === 'courseGuide' ? GUIDE_PATH : `${GUIDE_PATH}?category=${data.category}`} className="article-back">
        <ArrowLeftOutlined aria-hidden /> {t('articles.detail.back')}
      </Link>
      <article className="article" data-testid="article">
        <header className="article__header">
          <span className="article-card__category">{t(`articles.category.${data.category}`)}</span>
          <h1 className="article__title">{data.title}</h1>
          <p className="article__meta">
            <time dateTime={new Date(data.publishedAt).toISOString()}>
              {t('articles.detail.published', { date: formatDate(data.publishedAt, 'YYYY-MM-DD') })}
            </time>
            {data.authorName && <span>{t('articles.detail.by', { name: data.authorName })}</span>}
          </p>
          {data.summary && <p className="article__summary">{data.summary}</p>}
        </header>
        {data.coverUrl && <img className="article__cover" src={data.coverUrl} alt="" />}
        {/* The server renders this HTML from the editor's document and passes it through an allowlist (docs/articles.md). */}
        <div className="article-content" data-testid="article-content" dangerouslySetInnerHTML={{ __html: data.html }} />
      </article>
      {data.related.length > 0 && (
        <section className="article-related" aria-labelledby="article-related-title">
          <h2 id="article-related-title">{t('articles.detail.related')}</h2>
          <ul className="article-grid article-grid--related">
            {data.related.map((related) => (
              <li key={related.id}>
                <ArticleCard article={related} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
