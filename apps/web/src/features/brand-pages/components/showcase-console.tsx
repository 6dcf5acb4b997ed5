import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { Showcase } from '@spatia/contract';
import { Alert, App, Button, Card, Empty, Modal, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteShowcase, usePublishShowcase, useShowcases } from '../api/brand-pages-api';
import { showcasePath, textColourOn } from '../lib/brand-paths';
import { ShowcaseView } from './brand-view';
import { ShowcaseEditor } from './showcase-editor';
import { BrandShareDialog } from './share-dialog';
import './brand-pages.css';

/** `/tujingxiu/tujingxiu` (permission 42): the owner's showcases, each with its share link, QR code and preview. */
export function ShowcaseConsole() {
  const { t } = useTranslation();
  const showcases = useShowcases();
  const [editing, setEditing] = useState<{ showcase?: Showcase } | null>(null);
  const [sharing, setSharing] = useState<Showcase | null>(null);
  const [previewing, setPreviewing] = useState<Showcase | null>(null);
  const list = showcases.data ?? [];

  return (
    <div data-testid="showcase-console">
      <div className="brand-console__toolbar brand-console__toolbar--end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="showcase-create">
          {t('brandPages.showcase.create')}
        </Button>
      </div>
      {showcases.isPending ? (
        <Skeleton active />
      ) : showcases.isError ? (
        <Alert type="error" showIcon title={t('brandPages.showcase.loadFailed')} />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={<EmptyText title={t('brandPages.showcase.emptyTitle')} text={t('brandPages.showcase.emptyText')} />}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('brandPages.showcase.create')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <div className="brand-console__list">
          {list.map((showcase) => (
            <ShowcaseCard
              key={showcase.id}
              showcase={showcase}
              onEdit={() => setEditing({ showcase })}
              onShare={() => setSharing(showcase)}
              onPreview={() => setPreviewing(showcase)}
            />
          ))}
        </div>
      )}
      {editing && <ShowcaseEditor open showcase={editing.showcase} onClose={() => setEditing(null)} />}
      <BrandShareDialog
        path={sharing ? showcasePath(sharing.id) : null}
        published={sharing?.published ?? false}
        onClose={() => setSharing(null)}
      />
      <Modal
        open={previewing !== null}
        onCancel={() => setPreviewing(null)}
        footer={null}
        width={1000}
        title={t('brandPages.showcase.preview')}
        destroyOnHidden
      >
        {previewing && (
          <div data-testid="showcase-preview">
            {!previewing.published && (
              <Alert className="brand-preview-banner" type="info" showIcon title={t('brandPages.public.previewBanner')} />
            )}
            <ShowcaseView showcase={previewing} visitCount={previewing.visitCount} />
          </div>
        )}
      </Modal>
    </div>
  );
}

export function EmptyText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </>
  );
}

function ShowcaseCard({
  showcase,
  onEdit,
  onShare,
  onPreview,
}: {
  showcase: Showcase;
  onEdit: () => void;
  onShare: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const publish = usePublishShowcase();
  const remove = useDeleteShowcase();
  const offline = showcase.works.filter((work) => !work.available).length;
  return (
    <Card size="small" data-testid="showcase-card">
      <div className="brand-card__head">
        <span className="brand-card__swatch" style={{ background: showcase.brandColour, color: textColourOn(showcase.brandColour) }}>
          {showcase.logoUrl ? <img src={showcase.logoUrl} alt="" /> : showcase.brandName.slice(0, 1)}
        </span>
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="brand-card__title">{showcase.brandName}</div>
          <Tag color={showcase.published ? 'green' : undefined}>
            {t(showcase.published ? 'brandPages.showcase.published' : 'brandPages.showcase.draft')}
          </Tag>
        </div>
        <Switch
          checked={showcase.published}
          loading={publish.isPending}
          aria-label={t(showcase.published ? 'brandPages.showcase.unpublish' : 'brandPages.showcase.publish')}
          onChange={(published) =>
            publish.mutate(
              { id: showcase.id, published },
              {
                onSuccess: () =>
                  void message.success(t(published ? 'brandPages.showcase.publishedNow' : 'brandPages.showcase.unpublishedNow')),
              },
            )
          }
          data-testid="showcase-publish"
        />
      </div>
      <div className="brand-card__meta">
        <span>{t('brandPages.showcase.works', { count: showcase.works.length })}</span>
        <span data-testid="showcase-card-visits">{t('brandPages.showcase.visits', { count: showcase.visitCount })}</span>
        {offline > 0 && <span>{t('brandPages.showcase.unavailableWorks', { count: offline })}</span>}
      </div>
      <div className="brand-card__actions">
        <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="showcase-edit">
          {t('brandPages.showcase.edit')}
        </Button>
        <Button size="small" icon={<QrcodeOutlined />} onClick={onShare} data-testid="showcase-share">
          {t('brandPages.showcase.share')}
        </Button>
        <Button size="small" icon={<EyeOutlined />} onClick={onPreview} data-testid="showcase-preview-open">
          {t('brandPages.showcase.preview')}
        </Button>
        <Popconfirm
          title={t('brandPages.showcase.deleteConfirm', { name: showcase.brandName })}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(showcase.id, { onSuccess: () => void message.success(t('brandPages.showcase.deleted')) })}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid="showcase-delete">
            {t('brandPages.showcase.delete')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
