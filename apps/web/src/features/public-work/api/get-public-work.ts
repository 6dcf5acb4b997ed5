import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasurementSet, MeasurementUpdate, WorkDetail, WorkScene } from '@spatia/contract';
import { api } from '../../../api/client';
import { exportPointCloudLas } from '../../../api/download-ticket';
import { publicPageQuery, publicTourQueryOptions, publicWorkQueryOptions } from '../../../api/public-work-queries';
import { queryKeys } from '../../../api/query-keys';

/** GET /model/{uid}/scene: what a 3D model's or point cloud's viewer loads; 409 with 1903 until processed. */
export function getWorkScene(uid: string): Promise<WorkScene> {
  return api.get('/model/{id}/scene', { params: { path: { id: uid } }, silent: true });
}

/** PUT /model/{uid}/measurements (the owner): 1909 when someone saved since `revision`, 1908 when a measurement is refused. */
export function saveMeasurements(uid: string, update: MeasurementUpdate): Promise<MeasurementSet> {
  return api.put('/model/{id}/measurements', { params: { path: { id: uid } }, body: update, silent: true });
}

export function workSceneQueryOptions(uid: string) {
  return queryOptions({
    ...publicPageQuery(queryKeys.publicWork.scene(uid), () => getWorkScene(uid)),
    // A rebuilt viewer would lose the view and the measurements being edited.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useWorkScene(uid: string, enabled: boolean) {
  return useQuery({ ...workSceneQueryOptions(uid), enabled });
}

export function useSaveMeasurements(uid: string) {
  return useMutation({ mutationFn: (update: MeasurementUpdate) => saveMeasurements(uid, update) });
}

export function useExportLas() {
  return useMutation({ mutationFn: exportPointCloudLas });
}

export function usePublicWork(uid: string) {
  const { i18n } = useTranslation();
  return useQuery(publicWorkQueryOptions(uid, i18n.language));
}

export function usePublicTour(uid: string, enabled: boolean) {
  return useQuery({ ...publicTourQueryOptions(uid), enabled });
}

/** POST /model/{uid}/views: counts this open of the page (the server counts a visitor once an hour). */
export function countView(uid: string): Promise<{ views: number }> {
  return api.post('/model/{id}/views', { params: { path: { id: uid } }, silent: true });
}

/** Counts one view per page open, once the work is known to be readable, and shows the new figure. */
export function useCountView(uid: string, readable: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!readable) return;
    countView(uid).then(
      ({ views }) =>
        queryClient.setQueriesData<WorkDetail>({ queryKey: queryKeys.works.detail(uid) }, (work) => (work ? { ...work, views } : work)),
      () => undefined, // a view that was not counted changes nothing the visitor needs to know
    );
  }, [uid, readable, queryClient]);
}
