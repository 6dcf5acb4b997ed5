import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** `meta.session`: the signed-in person's data, which signing out drops from the cache. */
const SESSION_META = { session: true } as const;

/** One answer of the signed-in person's, fetched by `fetch` under `queryKey`. */
export function sessionQueryOptions<Result>(queryKey: QueryKey, fetch: () => Promise<Result>) {
  return queryOptions({ queryKey, queryFn: fetch, meta: SESSION_META });
}

/**
 * One item's details, under `[...key, id]`. A failure is not tried again: the client has shown the
 * server's message and the view offers "try again" itself.
 */
export function detailQueryOptions<Id, Result>(key: QueryKey, fetchItem: (id: Id) => Promise<Result>, id: Id) {
  return queryOptions({ ...sessionQueryOptions([...key, id], () => fetchItem(id)), retry: false });
}

/**
 * A page of a list whose rows are named in the reader's language, under `[...key, params, language]`:
 * switching the language fetches it again. The rows on show stay until the next page or filter answers.
 */
export function useLocalisedPageQuery<Params, Result>(key: QueryKey, fetchPage: (params: Params) => Promise<Result>, params: Params) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...key, params, i18n.language],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
    meta: SESSION_META,
  });
}
