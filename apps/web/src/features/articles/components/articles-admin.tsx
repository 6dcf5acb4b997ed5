import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_QUERY_MAX,
  ARTICLE_STATUSES,
  type AdminArticle,
  type ArticleCategory,
  type ArticleStatus,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { formatDate } from '../../../lib/format';
import { usePagedFilters } from '../../../lib/use-paged-filters';
import {
  ADMIN_PAGE_SIZE,
  useAdminArticles,
  useChangeArticleState,
  useDeleteArticle,
  useReorderArticles,
  type AdminArticleFilters,
} from '../api/articles';
import { articleEditorPath, articlePath } from '../lib/article-paths';
import './articles-admin.css';

export const ARTICLE_STATUS_COLORS: Record<ArticleStatus, string> = {
  draft: 'default',
  scheduled: 'gold',
  published: 'green',
  unpublished: 'red',
};

export function ArticleStatusTag({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ARTICLE_STATUS_COLORS[status]} data-testid="article-status" data-status={status}>
      {t(`articles.status.${status}`)}
    </Tag>
  );
}

/**
 * /admin/articles: every article with its category, state and place in its category's order; filtered
 * by category, state and words of the title. With one category chosen, rows move up and down.
 */
export default function ArticlesAdmin() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { filters, changeFilters, paging } = usePagedFilters<AdminArticleFilters>({}, ADMIN_PAGE_SIZE);
  const [titleText, setTitleText] = useState('');
  const articles = useAdminArticles(filters, paging.pageNum);
  const changeState = useChangeArticleState();
  const remove = useDeleteArticle();
  const reorder = useReorderArticles();
  const rows = articles.data?.list ?? [];
  const narrowed = Boolean(filters.category || filters.status || filters.title);

  const move = (index: number, by: -1 | 1) => {
    const row = rows[index]!;
    const other = rows[index + by]!;
    reorder.mutate(
      { category: row.category, ids: by === -1 ? [row.id, other.id] : [other.id, row.id] },
      { onSuccess: () => void message.success(t('articles.admin.reordered')) },
    );
  };

  const confirmDelete = (article: AdminArticle): void => {
    modal.confirm({
      title: t('articles.admin.deleteConfirm', { title: article.title || t('articles.admin.untitled') }),
      content: t('articles.admin.deleteConfirmHint'),
      okText: t('articles.admin.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(article.id).then(() => void message.success(t('articles.admin.deleted'))),
    });
  };

  const confirmUnpublish = (article: AdminArticle): void => {
    modal.confirm({
      title: t('articles.admin.unpublishConfirm', { title: article.title }),
      okText: t('articles.admin.unpublish'),
      onOk: () =>
        changeState
          .mutateAsync({ id: article.id, change: { kind: 'unpublish' } })
          .then(() => void message.success(t('articles.admin.unpublished'))),
    });
  };

  const columns: TableColumnsType<AdminArticle> = [
    {
      title: t('articles.admin.columns.title'),
      key: 'title',
      render: (_, article) => (
        <Link to={articleEditorPath(article.id)} className="articles-admin__title" data-testid="article-row-title">
          {article.title || t('articles.admin.untitled')}
        </Link>
      ),
    },
    {
      title: t('articles.admin.columns.category'),
      key: 'category',
      width: 120,
      render: (_, article) => t(`articles.category.${article.category}`),
    },
    {
      title: t('articles.admin.columns.status'),
      key: 'status',
      width: 110,
      render: (_, article) => <ArticleStatusTag status={article.status} />,
    },
    {
      title: (
        <Tooltip title={filters.category ? undefined : t('articles.admin.orderHint')}>
          <span>{t('articles.admin.columns.order')}</span>
        </Tooltip>
      ),
      key: 'order',
      width: 110,
      render: (_, article, index) =>
        filters.category ? (
          <Space.Compact>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('articles.admin.moveUp')}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('articles.admin.moveDown')}
              disabled={index === rows.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
            />
          </Space.Compact>
        ) : (
          <span className="articles-admin__sort">{article.sort}</span>
        ),
    },
    {
      title: t('articles.admin.columns.publishAt'),
      key: 'publishAt',
      width: 170,
      render: (_, article) => (article.publishAt && article.status !== 'draft' ? formatDate(article.publishAt, 'YYYY-MM-DD HH:mm') : '–'),
    },
    {
      title: t('articles.admin.columns.updatedAt'),
      key: 'updatedAt',
      width: 170,
      render: (_, article) => formatDate(article.updatedAt, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('articles.admin.columns.actions'),
      key: 'actions',
      width: 230,
      render: (_, article) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => void navigate(articleEditorPath(article.id))}>
            {t('articles.admin.edit')}
          </Button>
          {article.status === 'published' && (
            <Button type="link" size="small" href={articlePath(article.id)} target="_blank">
              {t('articles.admin.view')}
            </Button>
          )}
          {article.status === 'published' || article.status === 'scheduled' ? (
            <Button type="link" size="small" onClick={() => confirmUnpublish(article)}>
              {t('articles.admin.unpublish')}
            </Button>
          ) : (
            <Button
              type="link"
              size="small"
              onClick={() =>
                changeState.mutate(
                  { id: article.id, change: { kind: 'publish' } },
                  { onSuccess: () => void message.success(t('articles.admin.published')) },
                )
              }
            >
              {t('articles.admin.publish')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => confirmDelete(article)} data-testid="article-delete">
            {t('articles.admin.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <FilteredPageTable<AdminArticle>
      toolbarClassName="articles-admin__toolbar"
      toolbar={
        <>
          <Select<ArticleCategory | 'all'>
            value={filters.category ?? 'all'}
            onChange={(value) => changeFilters({ category: value === 'all' ? undefined : value })}
            options={(['all', ...ARTICLE_CATEGORIES] as const).map((value) => ({ value, label: t(`articles.category.${value}`) }))}
            aria-label={t('articles.admin.columns.category')}
            popupMatchSelectWidth={false}
            data-testid="articles-admin-category"
          />
          <Select<ArticleStatus | 'all'>
            value={filters.status ?? 'all'}
            onChange={(value) => changeFilters({ status: value === 'all' ? undefined : value })}
            options={(['all', ...ARTICLE_STATUSES] as const).map((value) => ({
              value,
              label: value === 'all' ? t('articles.admin.allStatuses') : t(`articles.status.${value}`),
            }))}
            aria-label={t('articles.admin.columns.status')}
            popupMatchSelectWidth={false}
          />
          <Input.Search
            className="articles-admin__search"
            allowClear
            value={titleText}
            maxLength={ARTICLE_QUERY_MAX}
            onChange={(event) => setTitleText(event.target.value)}
            onSearch={(value) => changeFilters({ title: value.trim() || undefined })}
            placeholder={t('articles.admin.searchTitle')}
            aria-label={t('articles.admin.searchTitle')}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            className="articles-admin__new"
            onClick={() => void navigate(articleEditorPath())}
            data-testid="article-new"
          >
            {t('articles.admin.new')}
          </Button>
        </>
      }
      page={articles.data}
      paging={paging}
      loading={articles.isFetching}
      columns={columns}
      scroll={{ x: 900 }}
      emptyText={narrowed ? t('articles.admin.emptyFiltered') : t('articles.admin.empty')}
      rowTestId="article-row"
    />
  );
}
