import { MODEL_BUDGET_DEFAULT_GB, type WorkDetail } from '@spatia/contract';
import { FORM_HEADERS, formBody, request } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

const path = (uid: string) => `/model/${encodeURIComponent(uid)}`;

/** POST /model/{id}/copy: a new unpublished work with the same content and files. */
export function copyWork(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/copy`, method: 'POST' });
}

/** POST /model/{id}/reset: back to an unpublished draft, off the showcase, the market and review. */
export function resetWork(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `${path(uid)}/reset`, method: 'POST' });
}

/** POST /model/{uid}/budget: the spec's client always sends 200 (GB a month). */
export async function setWorkBudget(uid: string): Promise<void> {
  await request<null>({
    url: `${path(uid)}/budget`,
    method: 'POST',
    data: formBody({ budget: MODEL_BUDGET_DEFAULT_GB }),
    headers: FORM_HEADERS,
  });
}

export const useCopyWork = () => useWorksMutation(copyWork);
export const useResetWork = () => useWorksMutation(resetWork);
export const useSetWorkBudget = () => useWorksMutation(setWorkBudget);
