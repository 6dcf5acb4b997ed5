import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FOLLOW_PAGE_SIZE_DEFAULT,
  PERSON_WORKS_PAGE_SIZE_DEFAULT,
  type FollowListPage,
  type FollowRelation,
  type PersonHomepage,
  type PersonWorksPage,
  type WorkType,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../stores/session-store';

/** GET /open/person/{uid}: anyone's homepage (open); signed in, it says whether each follows the other. */
export function getPersonHomepage(uid: string): Promise<PersonHomepage> {
  return api.get('/open/person/{uid}', { params: { path: { uid } }, silent: true });
}

/** GET /c/person: the signed-in person's own homepage. */
export function getMyHomepage(): Promise<PersonHomepage> {
  return api.get('/c/person', { silent: true });
}

/** A homepage: `uid`'s, or with '' the signed-in person's own (none while signed out). */
export function usePersonHomepage(uid: string) {
  const { i18n } = useTranslation();
  const viewerUid = useSession((session) => session.uid);
  const token = useSession((session) => session.token);
  return useQuery({
    queryKey: queryKeys.people.homepage(uid || 'me', i18n.language, viewerUid),
    queryFn: () => (uid ? getPersonHomepage(uid) : getMyHomepage()),
    enabled: uid !== '' || token !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The works grid's type filter: every type, or one. */
export type WorksFilter = WorkType | 'all';

/** GET /open/person/{uid}/works: a person's public works, newest first, a page at a time. */
export function getPersonWorks(uid: string, type: WorksFilter, pageNum: number): Promise<PersonWorksPage> {
  return api.get('/open/person/{uid}/works', {
    params: {
      path: { uid },
      query: { ...(type === 'all' ? {} : { type }), pageNum, pageSize: PERSON_WORKS_PAGE_SIZE_DEFAULT },
    },
    silent: true,
  });
}

export function usePersonWorks(uid: string, type: WorksFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.people.works(uid, type),
    queryFn: ({ pageParam }) => getPersonWorks(uid, type, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((sum, page) => sum + page.list.length, 0) < last.total ? pages.length + 1 : undefined),
    enabled: uid !== '',
    retry: false,
  });
}

/** The signed-in person's three lists. */
export type FollowListKind = 'follows' | 'fans' | 'mutual';

const LIST_PATHS = { follows: '/c/follows', fans: '/c/fans', mutual: '/c/followEachOthers' } as const;

/** GET /c/follows, /c/fans, /c/followEachOthers: one keyset page, newest relation first, searched by name or remark. */
export function getFollowList(kind: FollowListKind, q: string, cursor: string | null): Promise<FollowListPage> {
  return api.get(LIST_PATHS[kind], {
    params: { query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}), pageSize: FOLLOW_PAGE_SIZE_DEFAULT } },
  });
}

export function useFollowList(kind: FollowListKind, q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.people.list(kind, q),
    queryFn: ({ pageParam }) => getFollowList(kind, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { session: true },
  });
}

/** A change of who follows whom: the homepages, lists and the overview's figures are stale. */
function useFollowMutation<Input>(mutationFn: (input: Input) => Promise<FollowRelation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryKeys.people.all, queryKeys.overview].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** POST /c/follow/{id}. */
export function useFollow() {
  return useFollowMutation((uid: string) => api.post('/c/follow/{id}', { params: { path: { id: uid } } }));
}

/** POST /c/unFollow/{id}. */
export function useUnfollow() {
  return useFollowMutation((uid: string) => api.post('/c/unFollow/{id}', { params: { path: { id: uid } } }));
}

/** POST /c/removeFollow/{id}: the person no longer follows me. */
export function useRemoveFollower() {
  return useFollowMutation((uid: string) => api.post('/c/removeFollow/{id}', { params: { path: { id: uid } } }));
}

export interface FollowByCodeInput {
  phoneOrCode: string;
  remarkName: string;
}

/** POST /v2/c/follow/{phoneOrCodes}?remarkName=: follow the person with this phone number or invite code. */
export function useFollowByCode() {
  return useFollowMutation(({ phoneOrCode, remarkName }: FollowByCodeInput) =>
    api.post('/v2/c/follow/{phoneOrCodes}', {
      params: { path: { phoneOrCodes: phoneOrCode.trim() }, query: remarkName.trim() ? { remarkName: remarkName.trim() } : {} },
    }),
  );
}
