import { useMutation } from '@tanstack/react-query';
import { DEFAULT_PC_USER_NAME, type LoginResult } from '@spatia/contract';
import { api } from '../../../api/client';
import { applyLoginResult } from '../../../stores/session-store';
import type { CodeProof } from './verification-code';

export interface RegisterInput extends CodeProof {
  phoneNumber: string;
  password: string;
  invitedCode?: string;
}

/** POST /c/register: creates the account and signs in (the token comes in x-auth-token). */
export async function register(input: RegisterInput): Promise<LoginResult> {
  const result = await api.post('/c/register', {
    body: { ...input, invitedCode: input.invitedCode || undefined, fullName: DEFAULT_PC_USER_NAME },
  });
  applyLoginResult(result);
  return result;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
