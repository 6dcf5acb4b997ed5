import type { CodeLoginResult, IssuedVerificationCode } from '@spatia/contract';
import { api } from '../../../api/client';
import { applyCodeLoginResult } from '../../../stores/session-store';

/** What a code is for; each has its own sending endpoint (spec 7.3). */
export type CodePurpose = 'register' | 'resetPassword' | 'smsLogin' | 'bindWechat';

const CODE_URLS = {
  register: '/client/register/verifyCode',
  resetPassword: '/client/forgetPwd/verifyCode',
  smsLogin: '/c/smsLogin/verifyCode',
  bindWechat: '/open/wechat/bindPhone/verifyCode',
} as const satisfies Record<CodePurpose, string>;

/**
 * Sends an SMS code. The answer's hash and expiry go back with the code the user types; a refusal
 * (too many codes, unknown phone...) is shown by the client as the server's message.
 */
export function sendVerificationCode(purpose: CodePurpose, phoneNumber: string): Promise<IssuedVerificationCode> {
  return api.get(CODE_URLS[purpose], { params: { query: { phoneNumber } } });
}

/** The fields every code-checked request carries. */
export interface CodeProof {
  verifyCode: string;
  expiredTime: number;
  hash: string;
}

/** The answer to a phone sent with its code (`api.post('/c/smsLogin', …)`): it signs the person in. */
export async function signInWithCode(answer: Promise<CodeLoginResult>): Promise<CodeLoginResult> {
  const result = await answer;
  applyCodeLoginResult(result);
  return result;
}
