import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail, WorkType } from '@spatia/contract';
import { request } from '../../../api/client';
import { invalidateWorks } from './work-keys';

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
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWork, onSuccess: () => invalidateWorks(queryClient) });
}
