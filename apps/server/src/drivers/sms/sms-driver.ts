/** Why a code is sent; it is part of the code's HMAC, so a code for one purpose never works for another. */
export type CodePurpose = 'register' | 'resetPassword' | 'smsLogin' | 'bindPhone' | 'withdrawal';

export const CODE_PURPOSES: readonly CodePurpose[] = ['register', 'resetPassword', 'smsLogin', 'bindPhone', 'withdrawal'];

/**
 * A notice sent by SMS (not a code): a payout account was bound to the person's account. Each kind has
 * its own template at the provider (docs/withdrawals.md "Step-up checks").
 */
export interface SmsNotice {
  kind: 'payoutAccountBound';
  /** The payout method's name, in Chinese (the providers' templates are Chinese). */
  channelZh: string;
  /** The account, masked. */
  account: string;
}

/** Sends verification codes and notices by SMS. `console` by default; Aliyun or Tencent Cloud in production. */
export interface SmsDriver {
  readonly name: 'console' | 'aliyun' | 'tencent';
  sendVerificationCode(phone: string, code: string, purpose: CodePurpose): Promise<void>;
  /** Throws `SmsDeliveryError` when the provider refused it or no template is configured for its kind. */
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} SMS was not sent: ${detail}`);
    this.name = 'SmsDeliveryError';
  }
}
