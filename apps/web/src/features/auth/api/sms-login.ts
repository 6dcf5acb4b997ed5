import { useMutation } from '@tanstack/react-query';
import { signInWithCode, type CodeProof } from './verification-code';

export interface SmsLoginInput extends CodeProof {
  phoneNumber: string;
}

/** POST /c/smsLogin: signs in with a code; a phone without an account gets one. */
export const loginWithSmsCode = (input: SmsLoginInput) => signInWithCode('/c/smsLogin', input);

export function useSmsLogin() {
  return useMutation({ mutationFn: loginWithSmsCode });
}
