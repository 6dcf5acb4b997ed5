import type { WorkDetail } from '@spatia/contract';
import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** PUT /model/{id}/onLined: online needs a name, a cover and an origin (1702); offline also leaves showcase and market. */
export function setWorkOnline(uid: string, onLined: boolean): Promise<WorkDetail> {
  return api.put('/model/{id}/onLined', { params: { path: { id: uid } }, body: { onLined }, form: true });
}

/** POST /model/{uid}/audit: submit for the platform's review. */
export function submitWorkForReview(uid: string): Promise<WorkDetail> {
  return api.post('/model/{uid}/audit', { params: { path: { uid } } });
}

/** DELETE /model/{uid}/audit: withdraw while it waits for a reviewer. */
export function withdrawWorkFromReview(uid: string): Promise<WorkDetail> {
  return api.delete('/model/{uid}/audit', { params: { path: { uid } } });
}

/** PATCH /model/{uid}/attr openInOfficial=true|false: the official showcase takes reviewed works only. */
export function setWorkInOfficial(uid: string, openInOfficial: boolean): Promise<WorkDetail> {
  return api.patch('/model/{uid}/attr', { params: { path: { uid } }, body: { openInOfficial }, form: true });
}

export function useSetWorkOnline() {
  return useWorksMutation(({ uid, onLined }: { uid: string; onLined: boolean }) => setWorkOnline(uid, onLined));
}

export function useWorkReview() {
  return useWorksMutation(({ uid, submit }: { uid: string; submit: boolean }) =>
    submit ? submitWorkForReview(uid) : withdrawWorkFromReview(uid),
  );
}

export function useSetWorkInOfficial() {
  return useWorksMutation(({ uid, openInOfficial }: { uid: string; openInOfficial: boolean }) => setWorkInOfficial(uid, openInOfficial));
}
