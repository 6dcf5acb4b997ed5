import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import type { Profile } from './types';

export function getProfile(): Promise<Profile> {
  return request<Profile>({ url: '/c/profile' });
}

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: getProfile,
  meta: { session: true },
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
