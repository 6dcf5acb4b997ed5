import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** After any change to works: refreshes the lists, the recycle bin and any open work together (`queryKeys.works`). */
export function invalidateWorks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.works.all });
}

/** A change to works that, once it succeeds, refreshes every works query. */
export function useWorksMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateWorks(queryClient) });
}
