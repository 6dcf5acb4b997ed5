import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change after which the queries under `refreshes` are fetched again, also after a failure: an answer
 * such as "already decided" means what was on show was out of date.
 */
export function useRefreshingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, refreshes: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
