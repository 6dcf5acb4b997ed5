import type { LandingPage, PublicLandingPage } from '@spatia/contract';
import { Alert, Badge, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session-store';
import { useDeleteLandingPage, useLandingPages, usePickableWorks, usePublishLandingPage, useShowcases } from '../api/brand-pages-api';
import { landingPath } from '../lib/brand-paths';
import { LandingEditor } from './landing-editor';
import { LandingView } from './landing-view';
import { LeadsPanel } from './leads-panel';
import { BrandItemCard, BrandItemList, type BrandItemActions } from './brand-item-list';
import './brand-pages.css';

/** `/landingPage/landingPage` (permission 42): the owner's landing pages, and the leads their visitors left. */
export function LandingConsole() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'leads' ? 'leads' : 'pages';
  const pages = useLandingPages();
  const unhandled = (pages.data ?? []).reduce((sum, page) => sum + page.unhandledLeadCount, 0);

  return (
    <div data-testid="landing-console">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'leads' ? { tab: 'leads' } : {}, { replace: true })}
        items={[
          { key: 'pages', label: t('brandPages.landing.pagesTab'), children: <LandingPagesList /> },
          {
            key: 'leads',
            label: (
              <Badge count={unhandled} size="small" offset={[8, 0]}>
                <span data-testid="leads-tab">{t('brandPages.landing.leadsTab')}</span>
              </Badge>
            ),
            children: <LeadsPanel pages={pages.data ?? []} />,
          },
        ]}
      />
    </div>
  );
}

function LandingPagesList() {
  return (
    <BrandItemList
      kind="landing"
      items={useLandingPages()}
      pathOf={landingPath}
      previewWidth={800}
      renderCard={(page, actions) => <LandingCard page={page} actions={actions} />}
      renderEditor={(page, onClose) => <LandingEditor page={page} onClose={onClose} />}
      renderPreview={(page) => <LandingPreview page={page} />}
    />
  );
}

/** The page as visitors will see it, put together from the owner's own lists; its form sends nothing. */
function LandingPreview({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const uid = useSession((session) => session.uid);
  const works = usePickableWorks(uid, '');
  const showcases = useShowcases();
  const work = page.targetKind === 'work' ? works.data?.find((item) => item.uid === page.targetId) : undefined;
  const showcase = page.targetKind === 'showcase' ? showcases.data?.find((item) => item.id === page.targetId) : undefined;
  const view: PublicLandingPage = {
    ...page,
    work: work ? { uid: work.uid, name: work.name, type: work.type, coverUrl: work.coverUrl, available: true } : null,
    brand: showcase ?? null,
    works: showcase?.works.filter((item) => item.available) ?? [],
  };
  return (
    <div data-testid="landing-preview">
      {!page.published && <Alert className="brand-preview-banner" type="info" showIcon title={t('brandPages.public.previewBanner')} />}
      <LandingView page={view} preview />
    </div>
  );
}

function LandingCard({ page, actions }: { page: LandingPage; actions: BrandItemActions }) {
  const { t } = useTranslation();
  return (
    <BrandItemCard
      kind="landing"
      item={page}
      title={page.headline}
      meta={
        <>
          <span>
            {t('brandPages.landing.for')}: {page.targetName}
          </span>
          <span data-testid="landing-card-leads">{t('brandPages.landing.leads', { count: page.leadCount })}</span>
          {page.unhandledLeadCount > 0 && <Tag color="blue">{t('brandPages.landing.unhandled', { count: page.unhandledLeadCount })}</Tag>}
        </>
      }
      actions={actions}
      publish={usePublishLandingPage()}
      remove={useDeleteLandingPage()}
      deleteConfirm={t('brandPages.landing.deleteConfirm', { name: page.headline, count: page.leadCount })}
      deleted={t('brandPages.landing.deleted')}
    />
  );
}
