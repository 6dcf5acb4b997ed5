import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminArticle,
  AdminArticleDetail,
  ArticleCard,
  ArticleCategory,
  ArticleDetail,
  ArticleDraft,
  ArticleStatus,
  Page,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { postImage } from '../../../api/post-image';
import { queryKeys } from '../../../api/query-keys';

/** Cards on a page of /guide. */
export const GUIDE_PAGE_SIZE = 9;
/** Rows on a page of /admin/articles. */
export const ADMIN_PAGE_SIZE = 20;

/** GET /open/articles: published articles of a category (all when none), in the operator's order. */
export function usePublicArticles(category: ArticleCategory | undefined, pageNum: number) {
  return useQuery({
    queryKey: queryKeys.articles.list(category ?? '', pageNum, GUIDE_PAGE_SIZE),
    queryFn: (): Promise<Page<ArticleCard>> =>
      api.get('/open/articles', { params: { query: { ...(category && { category }), pageNum, pageSize: GUIDE_PAGE_SIZE } }, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /open/articles/{id}: a published article with related ones; a 404 is the page's not-found state. */
export function usePublicArticle(id: number) {
  return useQuery({
    queryKey: queryKeys.articles.detail(id),
    queryFn: (): Promise<ArticleDetail> => api.get('/open/articles/{id}', { params: { path: { id } }, silent: true }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

export interface AdminArticleFilters {
  category?: ArticleCategory;
  status?: ArticleStatus;
  title?: string;
}

/** GET /admin/articles. */
export function useAdminArticles(filters: AdminArticleFilters, pageNum: number) {
  return useQuery({
    queryKey: queryKeys.admin.articleList(filters, pageNum),
    queryFn: (): Promise<Page<AdminArticle>> =>
      api.get('/admin/articles', {
        params: {
          query: {
            ...(filters.category && { category: filters.category }),
            ...(filters.status && { status: filters.status }),
            ...(filters.title && { title: filters.title }),
            pageNum,
            pageSize: ADMIN_PAGE_SIZE,
          },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/articles/{id}: the article with its editor document. */
export function useAdminArticle(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.admin.article(id ?? 0),
    queryFn: async () => asDetail(await api.get('/admin/articles/{id}', { params: { path: { id: id! } } })),
    enabled: id !== undefined,
    retry: false,
  });
}

/**
 * The server's answer as the contract types it: the OpenAPI document describes a document node one level
 * deep (its children as any JSON), and the server checks the whole tree.
 */
const asDetail = (answer: { content: object }): AdminArticleDetail => answer as AdminArticleDetail;

/** Every change of an article refreshes the back office's lists and the public pages. */
function useRefreshArticles() {
  const client = useQueryClient();
  return (article?: AdminArticleDetail) => {
    if (article) client.setQueryData(queryKeys.admin.article(article.id), article);
    void client.invalidateQueries({
      queryKey: queryKeys.admin.articles(),
      exact: false,
      predicate: (query) => query.queryKey[2] === 'list',
    });
    void client.invalidateQueries({ queryKey: queryKeys.articles.all });
  };
}

/** POST /admin/articles (a new draft) or PUT /admin/articles/{id} (a save). */
export function useSaveArticle() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: async ({ id, draft }: { id?: number; draft: ArticleDraft }) =>
      asDetail(
        id === undefined
          ? await api.post('/admin/articles', { body: draft })
          : await api.put('/admin/articles/{id}', { params: { path: { id } }, body: draft }),
      ),
    onSuccess: refresh,
  });
}

export type ArticleStateChange = { kind: 'publish' } | { kind: 'unpublish' } | { kind: 'schedule'; publishAt: number };

/** Publish now, schedule or unpublish. */
export function useChangeArticleState() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: ArticleStateChange }) => {
      const path = { id };
      switch (change.kind) {
        case 'publish':
          return asDetail(await api.post('/admin/articles/{id}/publish', { params: { path } }));
        case 'unpublish':
          return asDetail(await api.post('/admin/articles/{id}/unpublish', { params: { path } }));
        case 'schedule':
          return asDetail(await api.post('/admin/articles/{id}/schedule', { params: { path }, body: { publishAt: change.publishAt } }));
      }
    },
    onSuccess: refresh,
  });
}

export function useDeleteArticle() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (id: number) => api.delete('/admin/articles/{id}', { params: { path: { id } } }),
    onSuccess: () => refresh(),
  });
}

export function useReorderArticles() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: ({ category, ids }: { category: ArticleCategory; ids: number[] }) =>
      api.post('/admin/articles/reorder', { body: { category, ids } }),
    onSuccess: () => refresh(),
  });
}

/** POST /admin/articles/images: a pasted, dropped or chosen image; answers its public URL. */
export function uploadArticleImage(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/admin/articles/images', file, onProgress);
}

/** POST /admin/articles/videos: an MP4 or WebM; answers its public URL. */
export function uploadArticleVideo(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/admin/articles/videos', file, onProgress);
}
