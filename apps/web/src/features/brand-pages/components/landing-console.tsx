import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { LandingPage, PublicLandingPage } from '@spatia/contract';
import { Alert, App, Badge, Button, Card, Empty, Modal, Popconfirm, Skeleton, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session-store';
import { useDeleteLandingPage, useLandingPages, usePickableWorks, usePublishLandingPage, useShowcases } from '../api/brand-pages-api';
import { landingPath } from '../lib/brand-paths';
import { LandingEditor } from './landing-editor';
import { LandingView } from './landing-view';
import { LeadsPanel } from './leads-panel';
import { EmptyText } from './showcase-console';
import { BrandShareDialog } from './share-dialog';
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
  const { t } = useTranslation();
  const pages = useLandingPages();
  const [editing, setEditing] = useState<{ page?: LandingPage } | null>(null);
  const [sharing, setSharing] = useState<LandingPage | null>(null);
  const [previewing, setPreviewing] = useState<LandingPage | null>(null);
  const list = pages.data ?? [];
  return (
    <>
      <div className="brand-console__toolbar brand-console__toolbar--end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="landing-create">
          {t('brandPages.landing.create')}
        </Button>
      </div>
      {pages.isPending ? (
        <Skeleton active />
      ) : pages.isError ? (
        <Alert type="error" showIcon title={t('brandPages.landing.loadFailed')} />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={<EmptyText title={t('brandPages.landing.emptyTitle')} text={t('brandPages.landing.emptyText')} />}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('brandPages.landing.create')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <div className="brand-console__list">
          {list.map((page) => (
            <LandingCard
              key={page.id}
              page={page}
              onEdit={() => setEditing({ page })}
              onShare={() => setSharing(page)}
              onPreview={() => setPreviewing(page)}
            />
          ))}
        </div>
      )}
      {editing && <LandingEditor page={editing.page} onClose={() => setEditing(null)} />}
      <BrandShareDialog
        path={sharing ? landingPath(sharing.id) : null}
        published={sharing?.published ?? false}
        onClose={() => setSharing(null)}
      />
      <Modal
        open={previewing !== null}
        onCancel={() => setPreviewing(null)}
        footer={null}
        width={800}
        title={t('brandPages.showcase.preview')}
        destroyOnHidden
      >
        {previewing && <LandingPreview page={previewing} />}
      </Modal>
    </>
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

function LandingCard({
  page,
  onEdit,
  onShare,
  onPreview,
}: {
  page: LandingPage;
  onEdit: () => void;
  onShare: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const publish = usePublishLandingPage();
  const remove = useDeleteLandingPage();
  return (
    <Card size="small" data-testid="landing-card">
      <div className="brand-card__head">
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="brand-card__title">{page.headline}</div>
          <Tag color={page.published ? 'green' : undefined}>
            {t(page.published ? 'brandPages.showcase.published' : 'brandPages.showcase.draft')}
          </Tag>
        </div>
        <Switch
          checked={page.published}
          loading={publish.isPending}
          aria-label={t(page.published ? 'brandPages.showcase.unpublish' : 'brandPages.showcase.publish')}
          onChange={(published) =>
            publish.mutate(
              { id: page.id, published },
              {
                onSuccess: () =>
                  void message.success(t(published ? 'brandPages.showcase.publishedNow' : 'brandPages.showcase.unpublishedNow')),
              },
            )
          }
          data-testid="landing-publish"
        />
      </div>
      <div className="brand-card__meta">
        <span>
          {t('brandPages.landing.for')}: {page.targetName}
        </span>
        <span data-testid="landing-card-leads">{t('brandPages.landing.leads', { count: page.leadCount })}</span>
        {page.unhandledLeadCount > 0 && <Tag color="blue">{t('brandPages.landing.unhandled', { count: page.unhandledLeadCount })}</Tag>}
      </div>
      <div className="brand-card__actions">
        <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="landing-edit">
          {t('brandPages.showcase.edit')}
        </Button>
        <Button size="small" icon={<QrcodeOutlined />} onClick={onShare} data-testid="landing-share">
          {t('brandPages.showcase.share')}
        </Button>
        <Button size="small" icon={<EyeOutlined />} onClick={onPreview} data-testid="landing-preview-open">
          {t('brandPages.showcase.preview')}
        </Button>
        <Popconfirm
          title={t('brandPages.landing.deleteConfirm', { name: page.headline, count: page.leadCount })}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(page.id, { onSuccess: () => void message.success(t('brandPages.landing.deleted')) })}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid="landing-delete">
            {t('brandPages.showcase.delete')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
