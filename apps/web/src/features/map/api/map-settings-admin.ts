import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapSettings } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET/PUT /admin/map/settings (admins): the base map of the site's maps. */
export function useAdminMapSettings() {
  return useQuery({
    queryKey: queryKeys.map.admin,
    queryFn: (): Promise<MapSettings> => api.get('/admin/map/settings'),
    meta: { session: true },
  });
}

export function useSaveMapSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MapSettings): Promise<MapSettings> => api.put('/admin/map/settings', { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.map.admin, saved);
      queryClient.setQueryData(queryKeys.map.settings, saved);
    },
  });
}
