import { MODEL_BUDGET_DEFAULT_GB, type WorkDetail } from '@spatia/contract';
import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** POST /model/{id}/copy: a new unpublished work with the same content and files. */
export function copyWork(uid: string): Promise<WorkDetail> {
  return api.post('/model/{id}/copy', { params: { path: { id: uid } } });
}

/** POST /model/{id}/reset: back to an unpublished draft, off the showcase, the market and review. */
export function resetWork(uid: string): Promise<WorkDetail> {
  return api.post('/model/{id}/reset', { params: { path: { id: uid } } });
}

/** POST /model/{uid}/budget: the spec's client always sends 200 (GB a month). */
export async function setWorkBudget(uid: string): Promise<void> {
  await api.post('/model/{uid}/budget', { params: { path: { uid } }, body: { budget: MODEL_BUDGET_DEFAULT_GB }, form: true });
}

export const useCopyWork = () => useWorksMutation(copyWork);
export const useResetWork = () => useWorksMutation(resetWork);
export const useSetWorkBudget = () => useWorksMutation(setWorkBudget);
