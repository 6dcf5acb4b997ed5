import { useMutation } from '@tanstack/react-query';
import type { CodeLoginResult } from '@spatia/contract';
import { request } from '../../../api/client';
import { applyCodeLoginResult } from '../../../stores/session-store';
import type { CodeProof } from './verification-code';

export interface SmsLoginInput extends CodeProof {
  phoneNumber: string;
}

/** POST /c/smsLogin: signs in with a code; a phone without an account gets one. */
export async function loginWithSmsCode(input: SmsLoginInput): Promise<CodeLoginResult> {
  const result = await request<CodeLoginResult>({ url: '/c/smsLogin', method: 'POST', data: input });
  applyCodeLoginResult(result);
  return result;
}

export function useSmsLogin() {
  return useMutation({ mutationFn: loginWithSmsCode });
}
