import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NarrationCreate,
  NarrationDetail,
  NarrationLanguage,
  NarrationSummary,
  NarrationUpdate,
  PublicNarration,
} from '@spatia/contract';
import { api, request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { sessionQueryOptions } from '../../../lib/session-queries';

/** GET /narrations: the caller's guides, last changed first. */
export function useNarrations() {
  return useQuery({
    ...sessionQueryOptions(queryKeys.narrations.list(), (): Promise<NarrationSummary[]> => api.get('/narrations')),
    retry: false,
  });
}

/** GET /narrations/{id}: a guide with every scene of its tour. */
export function useNarration(id: number) {
  return useQuery({
    ...sessionQueryOptions(queryKeys.narrations.detail(id), (): Promise<NarrationDetail> =>
      api.get('/narrations/{id}', { params: { path: { id } } }),
    ),
    enabled: id > 0,
    retry: false,
  });
}

/** The owner's panorama works a guide can be made for (the server refuses one that is not processed yet). */
export function useOwnTours(ownerUid: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.narrations.tours(ownerUid), keyword],
    queryFn: () =>
      api.get('/fe/client/{id}/models', {
        params: { path: { id: ownerUid }, query: { type: 'panorama', pageNum: 1, pageSize: 50, keyword: keyword || undefined } },
      }),
    enabled: enabled && ownerUid !== '',
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

/** Every write answers the whole guide: it becomes the cached detail, and the list is refreshed. */
function useGuideWrite<Input>(write: (input: Input) => Promise<NarrationDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.narrations.detail(detail.id), detail);
      void client.invalidateQueries({ queryKey: queryKeys.narrations.list() });
    },
  });
}

export function useCreateNarration() {
  return useGuideWrite((input: NarrationCreate) => api.post('/narrations', { body: input }));
}

export function useUpdateNarration(id: number) {
  return useGuideWrite((input: NarrationUpdate) => api.put('/narrations/{id}', { params: { path: { id } }, body: input }));
}

export function usePublishNarration(id: number) {
  return useGuideWrite((publish: boolean) =>
    publish
      ? api.post('/narrations/{id}/publish', { params: { path: { id } } })
      : api.post('/narrations/{id}/unpublish', { params: { path: { id } } }),
  );
}

export function useSaveSceneText(id: number) {
  return useGuideWrite(({ sceneId, text }: { sceneId: string; text: string }) =>
    api.put('/narrations/{id}/scenes/{sceneId}/text', { params: { path: { id, sceneId } }, body: { text } }),
  );
}

export function useRemoveSceneAudio(id: number) {
  return useGuideWrite((sceneId: string) => api.delete('/narrations/{id}/scenes/{sceneId}/audio', { params: { path: { id, sceneId } } }));
}

/** PUT /narrations/{id}/scenes/{sceneId}/audio (multipart, which the typed client cannot describe), with its progress. */
export function useUploadSceneAudio(id: number) {
  return useGuideWrite(({ sceneId, file, onProgress }: { sceneId: string; file: Blob; onProgress: (percent: number) => void }) => {
    const body = new FormData();
    body.append('file', file, file instanceof File ? file.name : 'recording');
    return request<NarrationDetail>({
      url: `/narrations/${id}/scenes/${encodeURIComponent(sceneId)}/audio`,
      method: 'PUT',
      data: body,
      timeout: 0,
      onUploadProgress: (event) => {
        if (event.total) onProgress((event.loaded / event.total) * 100);
      },
    });
  });
}

export function useDeleteNarration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/narrations/{id}', { params: { path: { id } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.narrations.list() }),
  });
}

/** GET /model/{id}/narration: the tour's published guide in the page's language when it has one; null when none. */
export function usePublicNarration(uid: string, language: NarrationLanguage, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.narrations.published(uid, language),
    queryFn: (): Promise<PublicNarration | null> =>
      api.get('/model/{id}/narration', { params: { path: { id: uid }, query: { language } } }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
