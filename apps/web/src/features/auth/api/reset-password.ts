import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { CodeProof } from './verification-code';

export interface ResetPasswordInput extends CodeProof {
  phoneNumber: string;
  newPwd: string;
}

/** POST /client/renewPwd: every session of the account ends; the user then signs in again. */
export function resetPassword(input: ResetPasswordInput): Promise<null> {
  return api.post('/client/renewPwd', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
