import type { WorkDetail } from '@spatia/contract';
import { FORM_HEADERS, formBody, request } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

const path = (uid: string) => `/model/${encodeURIComponent(uid)}`;

/** PUT /model/{id}/onLined: online needs a name, a cover and an origin (1702); offline also leaves showcase and market. */
export function setWorkOnline(uid: string, onLined: boolean): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/onLined`, method: 'PUT', data: formBody({ onLined }), headers: FORM_HEADERS });
}

/** POST /model/{uid}/audit: submit for the platform's review. */
export function submitWorkForReview(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/audit`, method: 'POST' });
}

/** DELETE /model/{uid}/audit: withdraw while it waits for a reviewer. */
export function withdrawWorkFromReview(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/audit`, method: 'DELETE' });
}

/** PATCH /model/{uid}/attr openInOfficial=true|false: the official showcase takes reviewed works only. */
export function setWorkInOfficial(uid: string, openInOfficial: boolean): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/attr`, method: 'PATCH', data: formBody({ openInOfficial }), headers: FORM_HEADERS });
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
