import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * Query keys of works, shared by the works, uploads and work-editor features. Everything starts with
 * 'works', so that one invalidation after a change refreshes the lists, the recycle bin and any open
 * work together.
 */
export const workKeys = {
  all: ['works'] as const,
  lists: () => [...workKeys.all, 'list'] as const,
  recycleBin: () => [...workKeys.all, 'recycleBin'] as const,
  share: (uid: string) => [...workKeys.all, 'share', uid] as const,
  processing: (uid: string) => [...workKeys.all, 'processing', uid] as const,
  traffic: (uid: string, days: number) => [...workKeys.all, 'traffic', uid, days] as const,
};

export function invalidateWorks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: workKeys.all });
}

/** A change to works that, once it succeeds, refreshes every works query. */
export function useWorksMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateWorks(queryClient) });
}
