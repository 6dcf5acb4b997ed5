import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { signInWithCode, type CodeProof } from './verification-code';

export interface SmsLoginInput extends CodeProof {
  phoneNumber: string;
}

/** POST /c/smsLogin: signs in with a code; a phone without an account gets one. */
export const loginWithSmsCode = (input: SmsLoginInput) => signInWithCode(api.post('/c/smsLogin', { body: input }));

export function useSmsLogin() {
  return useMutation({ mutationFn: loginWithSmsCode });
}
