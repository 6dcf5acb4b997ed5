import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@spatia/contract';
import { api } from '../../../api/client';
import { applyLoginResult } from '../../../stores/session-store';

export interface PasswordLoginInput {
  phoneNumber: string;
  password: string;
}

/** POST /client/login, form encoded; the token comes back in the x-auth-token header (the client stores it). */
export async function loginWithPassword(input: PasswordLoginInput): Promise<LoginResult> {
  const result = await api.post('/client/login', { body: { phoneNumber: input.phoneNumber, password: input.password }, form: true });
  applyLoginResult(result);
  return result;
}

export function usePasswordLogin() {
  return useMutation({ mutationFn: loginWithPassword });
}
