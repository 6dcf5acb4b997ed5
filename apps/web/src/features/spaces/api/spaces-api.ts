import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HousePage, SpaceInput, SpacePerson, SpaceTemplateCode, SpaceUpdate, SpaceView } from '@spatia/contract';
import { api, ApiError } from '../../../api/client';
import { postImage } from '../../../api/post-image';
import { sessionQueryOptions } from '../../../lib/session-queries';

/** The spaces' queries: under one key, so that any change of mine refreshes every space page. */
export const spaceKeys = {
  all: ['spaces'] as const,
  detail: (which: SpaceWhich) => ['spaces', 'detail', which.uid ?? '', which.website ?? '', which.code ?? ''] as const,
  person: (userUid: string) => ['spaces', 'person', userUid] as const,
  houses: (userUid: string) => ['spaces', 'houses', userUid] as const,
};

/** Which space `/spaceDetail` shows: by uid or by an enterprise's website, with the code of a private one. */
export interface SpaceWhich {
  uid?: string;
  website?: string;
  code?: string;
}

/** The space needs its code (2745), or the code given is not right (2746). */
export const SPACE_NEEDS_CODE = 2745;
export const SPACE_WRONG_CODE = 2746;

/**
 * GET /space/detail. Silent: the page says what went wrong itself (a private space asks for its code on the page
 * instead of a toast).
 */
export function fetchSpace(which: SpaceWhich): Promise<SpaceView> {
  return api.get('/space/detail', {
    params: { query: { uid: which.uid, website: which.website, code: which.code } },
    silent: true,
  });
}

export function useSpace(which: SpaceWhich, enabled = true) {
  return useQuery({
    ...sessionQueryOptions(spaceKeys.detail(which), () => fetchSpace(which)),
    enabled: enabled && Boolean(which.uid || which.website),
    retry: false,
  });
}

/** The code of a failed space request (2745 needs its code, 2746 wrong code, 2741 not found), if the server sent one. */
export function spaceErrorCode(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** GET /space/person: a person's spaces (their private ones too, for themselves). */
export function useSpacePerson(userUid: string) {
  return useQuery({
    ...sessionQueryOptions(
      spaceKeys.person(userUid),
      () => api.get('/space/person', { params: { query: { uid: userUid } }, silent: true }) as Promise<SpacePerson>,
    ),
    enabled: Boolean(userUid),
    retry: false,
  });
}

/** GET /space/houses: one page of a person's houses. */
export function fetchHouses(userUid: string, pageNum: number, pageSize: number): Promise<HousePage> {
  return api.get('/space/houses', { params: { query: { uid: userUid, pageNum, pageSize } } });
}

function useSpaceChange<Input>(change: (input: Input) => Promise<SpaceView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

/** POST /c/space (new) or PUT /c/space/{uid} (one of mine). */
export const useSaveSpace = () =>
  useSpaceChange(({ uid, input }: { uid?: string; input: SpaceInput | SpaceUpdate }) =>
    uid
      ? (api.put('/c/space/{uid}', { params: { path: { uid } }, body: input }) as Promise<SpaceView>)
      : (api.post('/c/space', { body: input as SpaceInput }) as Promise<SpaceView>),
  );

/** PUT /c/space/{uid}/template. */
export const useSaveTemplate = () =>
  useSpaceChange(
    ({ uid, templateCode }: { uid: string; templateCode: SpaceTemplateCode }) =>
      api.put('/c/space/{uid}/template', { params: { path: { uid } }, body: { templateCode } }) as Promise<SpaceView>,
  );

/** DELETE /c/space/{uid}. */
export function useDeleteSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => api.delete('/c/space/{uid}', { params: { path: { uid } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.all }),
  });
}

/** POST /c/space/image (multipart `file`): a cover or logo; answers its public link. */
export function uploadSpaceImage(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/c/space/image', file, onProgress);
}
