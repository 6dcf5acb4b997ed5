import type { WorkDetail, WorkType } from '@spatia/contract';
import { request } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

export interface CreateWorkInput {
  name: string;
  type: WorkType;
  description: string;
}

/** POST /model: a new, unpublished work without files. */
export function createWork(input: CreateWorkInput): Promise<WorkDetail> {
  return request<WorkDetail>({ url: '/model', method: 'POST', data: input });
}

export function useCreateWork() {
  return useWorksMutation(createWork);
}
