/** Why a code is sent; it is part of the code's HMAC, so a code for one purpose never works for another. */
export type CodePurpose = 'register' | 'resetPassword' | 'smsLogin' | 'bindPhone';

export const CODE_PURPOSES: readonly CodePurpose[] = ['register', 'resetPassword', 'smsLogin', 'bindPhone'];

/** Sends verification codes by SMS. `console` by default; Aliyun or Tencent Cloud in production. */
export interface SmsDriver {
  readonly name: 'console' | 'aliyun' | 'tencent';
  sendVerificationCode(phone: string, code: string, purpose: CodePurpose): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} SMS was not sent: ${detail}`);
    this.name = 'SmsDeliveryError';
  }
}
