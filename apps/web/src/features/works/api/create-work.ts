import type { WorkDetail, WorkType } from '@spatia/contract';
import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

export interface CreateWorkInput {
  name: string;
  type: WorkType;
  description: string;
}

/** POST /model: a new, unpublished work without files. */
export function createWork(input: CreateWorkInput): Promise<WorkDetail> {
  return api.post('/model', { body: input });
}

export function useCreateWork() {
  return useWorksMutation(createWork);
}
