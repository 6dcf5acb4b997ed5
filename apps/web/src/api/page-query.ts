import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A page of one of the signed-in person's lists, under `[...key, params]`. The rows on show stay until
 * the next page or filter answers. A failure is not tried again: the client has shown the server's
 * message and the list offers "try again", so a silent second attempt would only show it twice.
 */
export function pageQueryOptions<Params, Result>(key: QueryKey, fetchPage: (params: Params) => Promise<Result>, params: Params) {
  return queryOptions({
    queryKey: [...key, params],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { session: true },
  });
}
