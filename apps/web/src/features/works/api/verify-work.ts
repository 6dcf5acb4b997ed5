import { useMutation } from '@tanstack/react-query';
import type { WorkVerification } from '@spatia/contract';
import { request } from '../../../api/client';

/** POST /model/{id}/verify: what the work still lacks (name, cover, origin) before it can go online. */
export function verifyWork(uid: string): Promise<WorkVerification> {
  return request<WorkVerification>({ url: `/model/${encodeURIComponent(uid)}/verify`, method: 'POST' });
}

export function useVerifyWork() {
  return useMutation({ mutationFn: verifyWork });
}
