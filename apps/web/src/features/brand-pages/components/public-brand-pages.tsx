import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePublicLandingPage, usePublicShowcase } from '../api/brand-pages-api';
import { ShowcaseView } from './brand-view';
import { LandingView } from './landing-view';
import './brand-pages.css';

/** Loading, the finished “not available” state (unpublished, deleted, or a broken link), or a failure to retry. */
function BrandPageState({ query }: { query: { isPending: boolean; error: Error | null; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="brand-state">
        <Spin size="large" />
      </div>
    );
  }
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className="brand-state" data-testid={gone ? 'brand-page-unavailable' : 'brand-page-failed'}>
      <Result
        status={gone ? '404' : 'warning'}
        title={t(gone ? 'brandPages.public.unavailableTitle' : 'brandPages.public.loadFailed')}
        subTitle={gone ? t('brandPages.public.unavailableText') : undefined}
        extra={
          gone ? (
            <Link to="/">{t('brandPages.public.home')}</Link>
          ) : (
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('brandPages.public.retry')}
            </Button>
          )
        }
      />
    </div>
  );
}

/** `/space/showcase/{id}`: a published showcase. */
export function PublicShowcasePage({ id }: { id: string }) {
  const query = usePublicShowcase(id);
  if (!query.data) return <BrandPageState query={query} />;
  return <ShowcaseView showcase={query.data} visitCount={query.data.visitCount} />;
}

/** `/space/landing/{id}`: a published landing page and its lead form. */
export function PublicLandingPageView({ id }: { id: string }) {
  const query = usePublicLandingPage(id);
  if (!query.data) return <BrandPageState query={query} />;
  return <LandingView page={query.data} />;
}
