import { useMutation } from '@tanstack/react-query';
import type { WorkVerification } from '@spatia/contract';
import { api } from '../../../api/client';

/** POST /model/{id}/verify: what the work still lacks (name, cover, origin) before it can go online. */
export function verifyWork(uid: string): Promise<WorkVerification> {
  return api.post('/model/{id}/verify', { params: { path: { id: uid } } });
}

export function useVerifyWork() {
  return useMutation({ mutationFn: verifyWork });
}
