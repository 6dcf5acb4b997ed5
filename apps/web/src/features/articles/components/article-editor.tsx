import { ArrowLeftOutlined, DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Input, Modal, Popover, Select, Skeleton, Space, Upload } from 'antd';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  EMPTY_ARTICLE_DOCUMENT,
  type AdminArticleDetail,
  type ArticleCategory,
  type ArticleDraft,
  type ArticleNode,
} from '@spatia/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UPLOAD_IMAGE_TYPES } from '../../../api/post-image';
import { LoadFailed } from '../../../components/load-failed';
import { formatBytes, formatDate } from '../../../lib/format';
import { uploadArticleImage, useAdminArticle, useChangeArticleState, useSaveArticle, type ArticleStateChange } from '../api/articles';
import { ADMIN_ARTICLES_PATH, articleEditorPath } from '../lib/article-paths';
import { ArticleStatusTag } from './articles-admin';
import { RichTextEditor } from './rich-text-editor';
import './articles.css';
import './articles-admin.css';
import './article-editor.css';

/** /admin/articles/edit/{id|new}: loads the article (none for a new one), then the form. The page loads this file lazily: it brings Tiptap. */
export default function ArticleEditor({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const article = useAdminArticle(id);
  if (id !== undefined && article.isError) return <LoadFailed title={t('articles.detail.loadFailed')} query={article} />;
  if (id !== undefined && !article.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <ArticleForm key={article.data?.id ?? 'new'} article={article.data} />;
}

function ArticleForm({ article }: { article: AdminArticleDetail | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveArticle();
  const changeState = useChangeArticleState();
  const [current, setCurrent] = useState(article);
  const [draft, setDraft] = useState<ArticleDraft>(() => ({
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    coverUrl: article?.coverUrl ?? '',
    category: article?.category ?? 'courseGuide',
    content: article?.content ?? EMPTY_ARTICLE_DOCUMENT,
  }));
  const [dirty, setDirty] = useState(false);
  const [titleMissing, setTitleMissing] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [scheduleAt, setScheduleAt] = useState<Dayjs | null>(null);
  const [coverPercent, setCoverPercent] = useState<number | null>(null);
  const busy = save.isPending || changeState.isPending;
  const status = current?.status ?? 'draft';
  const live = status === 'published' || status === 'scheduled';

  const change = (next: Partial<ArticleDraft>) => {
    setDraft((before) => ({ ...before, ...next }));
    setDirty(true);
    if (next.title?.trim()) setTitleMissing(false);
  };

  /** Saves what is on screen; a new article gets its address. */
  const saved = async (): Promise<AdminArticleDetail | undefined> => {
    if (!draft.title.trim()) {
      setTitleMissing(true);
      void message.error(t('articles.editor.titleRequired'));
      return undefined;
    }
    const result = await save.mutateAsync({ id: current?.id, draft });
    setCurrent(result);
    setDirty(false);
    if (!current) void navigate(articleEditorPath(result.id), { replace: true });
    return result;
  };

  const run = async (change?: ArticleStateChange) => {
    try {
      const result = await saved();
      if (!result) return;
      if (!change) {
        void message.success(t('articles.editor.saved'));
        return;
      }
      const changed = await changeState.mutateAsync({ id: result.id, change });
      setCurrent(changed);
      if (change.kind === 'publish') void message.success(t('articles.editor.published'));
      if (change.kind === 'schedule')
        void message.success(t('articles.editor.scheduled', { date: formatDate(change.publishAt, 'YYYY-MM-DD HH:mm') }));
      setScheduleOpen(false);
    } catch {
      // The client has shown the server's message.
    }
  };

  const schedulePicker = (
    <Space direction="vertical" data-testid="article-schedule-panel">
      <span>{t('articles.editor.scheduleAt')}</span>
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={scheduleAt}
        onChange={setScheduleAt}
        disabledDate={(date) => date.isBefore(dayjs(), 'day')}
        aria-label={t('articles.editor.scheduleAt')}
        data-testid="article-schedule-at"
      />
      <Button
        type="primary"
        block
        disabled={!scheduleAt || scheduleAt.isBefore(dayjs())}
        loading={busy}
        onClick={() => scheduleAt && void run({ kind: 'schedule', publishAt: scheduleAt.valueOf() })}
        data-testid="article-schedule-confirm"
      >
        {t('articles.editor.scheduleConfirm')}
      </Button>
    </Space>
  );

  return (
    <div className="article-editor">
      <div className="article-editor__bar">
        <Link to={ADMIN_ARTICLES_PATH} className="article-back">
          <ArrowLeftOutlined aria-hidden /> {t('articles.editor.back')}
        </Link>
        <Space wrap className="article-editor__state">
          <ArticleStatusTag status={status} />
          {status === 'scheduled' && current?.publishAt && <span>{formatDate(current.publishAt, 'YYYY-MM-DD HH:mm')}</span>}
          {dirty && <span className="article-editor__unsaved">{t('articles.editor.unsaved')}</span>}
        </Space>
        <Space wrap className="article-editor__actions">
          <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)} data-testid="article-preview">
            {t('articles.editor.preview')}
          </Button>
          <Button onClick={() => void run()} loading={save.isPending && !changeState.isPending} disabled={busy} data-testid="article-save">
            {live ? t('articles.editor.save') : t('articles.editor.saveDraft')}
          </Button>
          {status !== 'published' && (
            <Popover trigger="click" open={scheduleOpen} onOpenChange={setScheduleOpen} content={schedulePicker} placement="bottomRight">
              <Button disabled={busy} data-testid="article-schedule">
                {t('articles.editor.schedule')}
              </Button>
            </Popover>
          )}
          {live ? (
            <Button
              danger
              disabled={busy}
              onClick={() => current && void changeState.mutateAsync({ id: current.id, change: { kind: 'unpublish' } }).then(setCurrent)}
            >
              {t('articles.editor.unpublish')}
            </Button>
          ) : null}
          {status !== 'published' && (
            <Button type="primary" onClick={() => void run({ kind: 'publish' })} disabled={busy} data-testid="article-publish">
              {t('articles.editor.publish')}
            </Button>
          )}
        </Space>
      </div>

      <div className="article-editor__layout">
        <div className="article-editor__main">
          <label className="article-editor__field">
            <span>{t('articles.editor.fields.title')}</span>
            <Input
              size="large"
              value={draft.title}
              maxLength={ARTICLE_TITLE_MAX}
              showCount
              status={titleMissing ? 'error' : undefined}
              placeholder={t('articles.editor.fields.titlePlaceholder')}
              onChange={(event) => change({ title: event.target.value })}
              data-testid="article-title"
            />
          </label>
          <label className="article-editor__field">
            <span>{t('articles.editor.fields.summary')}</span>
            <Input.TextArea
              value={draft.summary}
              maxLength={ARTICLE_SUMMARY_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('articles.editor.fields.summaryPlaceholder')}
              onChange={(event) => change({ summary: event.target.value })}
              data-testid="article-summary"
            />
          </label>
          <div className="article-editor__field">
            <span>{t('articles.editor.fields.content')}</span>
            <RichTextEditor initial={draft.content} onChange={(content: ArticleNode) => change({ content })} />
          </div>
        </div>
        <aside className="article-editor__side">
          <label className="article-editor__field">
            <span>{t('articles.editor.fields.category')}</span>
            <Select<ArticleCategory>
              value={draft.category}
              onChange={(category) => change({ category })}
              options={ARTICLE_CATEGORIES.map((value) => ({ value, label: t(`articles.category.${value}`) }))}
              data-testid="article-category"
            />
          </label>
          <div className="article-editor__field">
            <span>{t('articles.editor.fields.cover')}</span>
            {draft.coverUrl ? (
              <div className="article-editor__cover">
                <img src={draft.coverUrl} alt="" />
                <Button size="small" icon={<DeleteOutlined />} onClick={() => change({ coverUrl: '' })}>
                  {t('articles.editor.fields.coverRemove')}
                </Button>
              </div>
            ) : (
              <Upload
                accept={UPLOAD_IMAGE_TYPES.join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  if (file.size > ARTICLE_IMAGE_MAX_BYTES) {
                    void message.error(t('articles.editor.imageTooLarge', { size: formatBytes(ARTICLE_IMAGE_MAX_BYTES) }));
                    return Upload.LIST_IGNORE;
                  }
                  return true;
                }}
                customRequest={({ file }) => {
                  setCoverPercent(0);
                  uploadArticleImage(file as File, setCoverPercent)
                    .then((coverUrl) => change({ coverUrl }))
                    .catch(() => undefined)
                    .finally(() => setCoverPercent(null));
                }}
              >
                <Button icon={<UploadOutlined />} loading={coverPercent !== null} data-testid="article-cover-upload">
                  {coverPercent === null
                    ? t('articles.editor.fields.coverUpload')
                    : t('articles.editor.uploading', { percent: Math.round(coverPercent) })}
                </Button>
              </Upload>
            )}
          </div>
        </aside>
      </div>

      <Modal
        open={previewOpen}
        title={t('articles.editor.previewTitle')}
        footer={null}
        onCancel={() => setPreviewOpen(false)}
        width={860}
        destroyOnHidden
      >
        <Preview draft={draft} />
      </Modal>
    </div>
  );
}

/** The article as its page will show it (the editor's own HTML of its document; the server renders the same kinds). */
function Preview({ draft }: { draft: ArticleDraft }) {
  const { t } = useTranslation();
  return (
    <article className="article article--preview" data-testid="article-preview-body">
      <span className="article-card__category">{t(`articles.category.${draft.category}`)}</span>
      <h1 className="article__title">{draft.title || t('articles.admin.untitled')}</h1>
      {draft.summary && <p className="article__summary">{draft.summary}</p>}
      {draft.coverUrl && <img className="article__cover" src={draft.coverUrl} alt="" />}
      <PreviewBody document={draft.content} />
    </article>
  );
}

/** Renders the document's text as React elements (no HTML strings in the back office either). */
function PreviewBody({ document }: { document: ArticleNode }) {
  return <div className="article-content">{renderNodes(document.content ?? [])}</div>;
}

function renderNodes(nodes: ArticleNode[]): React.ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: ArticleNode, key: number): React.ReactNode {
  const children = renderNodes(node.content ?? []);
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'heading':
      return node.attrs?.level === 3 ? <h3 key={key}>{children}</h3> : <h2 key={key}>{children}</h2>;
    case 'bulletList':
      return <ul key={key}>{children}</ul>;
    case 'orderedList':
      return <ol key={key}>{children}</ol>;
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'hardBreak':
      return <br key={key} />;
    case 'image':
      return src.startsWith('/files/') ? <img key={key} src={src} alt="" /> : null;
    case 'video':
      return /^(\/files\/|https:\/\/)/.test(src) ? <video key={key} src={src} controls preload="metadata" /> : null;
    case 'text': {
      let text: React.ReactNode = node.text ?? '';
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') text = <strong>{text}</strong>;
        if (mark.type === 'italic') text = <em>{text}</em>;
        if (mark.type === 'link') text = <u>{text}</u>;
      }
      return <span key={key}>{text}</span>;
    }
    default:
      return null;
  }
}
