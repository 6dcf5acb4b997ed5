import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, SensitiveWordEntry, SensitiveWordsAdded, SensitiveWordsImported, SensitiveWordsRemoved } from '@spatia/contract';
import { api, request } from '../../../api/client';
import { sensitiveWordsQueryOptions } from '../../../api/sensitive-words';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

export interface SensitiveWordPageParams extends PageParams {
  q: string;
}

/** The import's answer: the first 1000 refused lines, and how many there were. */
export type ImportResult = SensitiveWordsImported & { invalidTotal: number };

/** GET /admin/sensitiveWords: newest first; `q` matches any part of a word in any case. */
export function getSensitiveWordPage({ q, pageNum, pageSize }: SensitiveWordPageParams): Promise<Page<SensitiveWordEntry>> {
  return api.get('/admin/sensitiveWords', { params: { query: { q: q || undefined, pageNum, pageSize } } });
}

export function sensitiveWordPageQueryOptions(params: SensitiveWordPageParams) {
  return queryOptions({
    queryKey: [...queryKeys.admin.sensitiveWords(), 'page', params],
    queryFn: () => getSensitiveWordPage(params),
    // A new page or search keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSensitiveWordPage(params: SensitiveWordPageParams) {
  return useQuery(sensitiveWordPageQueryOptions(params));
}

/** POST /admin/sensitiveWords: listed words (in any disguise) come back as skipped. */
export function addSensitiveWords(words: string[]): Promise<SensitiveWordsAdded> {
  return api.post('/admin/sensitiveWords', { body: { words } });
}

/** DELETE /admin/sensitiveWords. */
export function removeSensitiveWords(words: string[]): Promise<SensitiveWordsRemoved> {
  return api.delete('/admin/sensitiveWords', { body: { words } });
}

/** POST /admin/sensitiveWords/import: the file as the multipart field `file`. */
export function importSensitiveWordFile(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return request<ImportResult>({ url: '/admin/sensitiveWords/import', method: 'POST', data: body });
}

/** After a change: this page's lists, and the list the forms of this tab warn with. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.sensitiveWords() }),
      queryClient.invalidateQueries({ queryKey: sensitiveWordsQueryOptions.queryKey }),
    ]);
}

export function useAddSensitiveWords() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: addSensitiveWords, onSuccess: refresh });
}

export function useRemoveSensitiveWords() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: removeSensitiveWords, onSuccess: refresh });
}

export function useImportSensitiveWords() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: importSensitiveWordFile, onSuccess: refresh });
}
