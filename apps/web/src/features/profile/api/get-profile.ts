import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionQueryOptions } from '../../../lib/session-queries';
import type { Profile } from './types';
import { queryKeys } from '../../../api/query-keys';

export function getProfile(): Promise<Profile> {
  return api.get('/c/profile');
}

export const profileQueryOptions = sessionQueryOptions(queryKeys.profile, getProfile);

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** A change of the profile: once it is saved, the profile is fetched again. */
export function useProfileChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }) });
}
