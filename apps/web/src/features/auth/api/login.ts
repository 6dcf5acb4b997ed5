import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@spatia/contract';
import { formBody, request } from '../../../api/client';
import { applyLoginResult } from '../../../stores/session-store';

export interface PasswordLoginInput {
  phoneNumber: string;
  password: string;
}

/** POST /client/login, form encoded; the token comes back in the x-auth-token header (the client stores it). */
export async function loginWithPassword(input: PasswordLoginInput): Promise<LoginResult> {
  const result = await request<LoginResult>({
    url: '/client/login',
    method: 'POST',
    data: formBody({ phoneNumber: input.phoneNumber, password: input.password }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  applyLoginResult(result);
  return result;
}

export function usePasswordLogin() {
  return useMutation({ mutationFn: loginWithPassword });
}
