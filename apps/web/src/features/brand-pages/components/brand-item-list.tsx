import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Modal, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandShareDialog } from './share-dialog';
import './brand-pages.css';

/** A showcase or a landing page: what the console's list of either does the same way. */
interface BrandItem {
  id: string;
  published: boolean;
}

/** What a card's buttons open, in the list around it. */
export interface BrandItemActions {
  onEdit: () => void;
  onShare: () => void;
  onPreview: () => void;
}

interface BrandItemListProps<T extends BrandItem> {
  /** Names the list's texts (`brandPages.<kind>.*`) and test ids (`<kind>-create`). */
  kind: 'showcase' | 'landing';
  items: UseQueryResult<T[]>;
  /** The public page's path, for the share dialog. */
  pathOf: (id: string) => string;
  previewWidth: number;
  renderCard: (item: T, actions: BrandItemActions) => ReactNode;
  /** The editor of a new item (undefined) or of one of the list's. */
  renderEditor: (item: T | undefined, onClose: () => void) => ReactNode;
  renderPreview: (item: T) => ReactNode;
}

/**
 * A console list of the owner's brand items (docs/brand-pages.md): a create button, the cards, an empty state
 * that invites to create the first, and the editor, share dialog and preview the cards open.
 */
export function BrandItemList<T extends BrandItem>({
  kind,
  items,
  pathOf,
  previewWidth,
  renderCard,
  renderEditor,
  renderPreview,
}: BrandItemListProps<T>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  const [sharing, setSharing] = useState<T | null>(null);
  const [previewing, setPreviewing] = useState<T | null>(null);
  const list = items.data ?? [];
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
      {t(`brandPages.${kind}.create`)}
    </Button>
  );

  let body: ReactNode;
  if (items.isPending) body = <Skeleton active />;
  else if (items.isError) body = <Alert type="error" showIcon title={t(`brandPages.${kind}.loadFailed`)} />;
  else if (list.length === 0)
    body = (
      <Card>
        <Empty description={<EmptyText title={t(`brandPages.${kind}.emptyTitle`)} text={t(`brandPages.${kind}.emptyText`)} />}>
          {create}
        </Empty>
      </Card>
    );
  else
    body = (
      <div className="brand-console__list">
        {list.map((item) => (
          <Fragment key={item.id}>
            {renderCard(item, {
              onEdit: () => setEditing({ item }),
              onShare: () => setSharing(item),
              onPreview: () => setPreviewing(item),
            })}
          </Fragment>
        ))}
      </div>
    );

  return (
    <>
      <div className="brand-console__toolbar brand-console__toolbar--end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`${kind}-create`}>
          {t(`brandPages.${kind}.create`)}
        </Button>
      </div>
      {body}
      {editing && renderEditor(editing.item, () => setEditing(null))}
      <BrandShareDialog
        path={sharing ? pathOf(sharing.id) : null}
        published={sharing?.published ?? false}
        onClose={() => setSharing(null)}
      />
      <Modal
        open={previewing !== null}
        onCancel={() => setPreviewing(null)}
        footer={null}
        width={previewWidth}
        title={t('brandPages.showcase.preview')}
        destroyOnHidden
      >
        {previewing && renderPreview(previewing)}
      </Modal>
    </>
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

interface BrandItemCardProps<T extends BrandItem> {
  kind: 'showcase' | 'landing';
  item: T;
  title: string;
  /** Before the title (a showcase's logo on its colour). */
  badge?: ReactNode;
  /** The line of figures under the head. */
  meta: ReactNode;
  actions: BrandItemActions;
  publish: UseMutationResult<unknown, Error, { id: string; published: boolean }>;
  remove: UseMutationResult<unknown, Error, string>;
  deleteConfirm: string;
  deleted: string;
}

/** One item of a BrandItemList: its name and state, a publish switch, its figures, and edit, share, preview and delete. */
export function BrandItemCard<T extends BrandItem>({
  kind,
  item,
  title,
  badge,
  meta,
  actions,
  publish,
  remove,
  deleteConfirm,
  deleted,
}: BrandItemCardProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Card size="small" data-testid={`${kind}-card`}>
      <div className="brand-card__head">
        {badge}
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="brand-card__title">{title}</div>
          <Tag color={item.published ? 'green' : undefined}>
            {t(item.published ? 'brandPages.showcase.published' : 'brandPages.showcase.draft')}
          </Tag>
        </div>
        <Switch
          checked={item.published}
          loading={publish.isPending}
          aria-label={t(item.published ? 'brandPages.showcase.unpublish' : 'brandPages.showcase.publish')}
          onChange={(published) =>
            publish.mutate(
              { id: item.id, published },
              {
                onSuccess: () =>
                  void message.success(t(published ? 'brandPages.showcase.publishedNow' : 'brandPages.showcase.unpublishedNow')),
              },
            )
          }
          data-testid={`${kind}-publish`}
        />
      </div>
      <div className="brand-card__meta">{meta}</div>
      <div className="brand-card__actions">
        <Button size="small" icon={<EditOutlined />} onClick={actions.onEdit} data-testid={`${kind}-edit`}>
          {t('brandPages.showcase.edit')}
        </Button>
        <Button size="small" icon={<QrcodeOutlined />} onClick={actions.onShare} data-testid={`${kind}-share`}>
          {t('brandPages.showcase.share')}
        </Button>
        <Button size="small" icon={<EyeOutlined />} onClick={actions.onPreview} data-testid={`${kind}-preview-open`}>
          {t('brandPages.showcase.preview')}
        </Button>
        <Popconfirm
          title={deleteConfirm}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(item.id, { onSuccess: () => void message.success(deleted) })}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`${kind}-delete`}>
            {t('brandPages.showcase.delete')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
