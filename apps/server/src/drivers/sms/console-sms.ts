import type { CodePurpose, SmsDriver } from './sms-driver.js';

export interface OutboxMessage {
  phoneNumber: string;
  purpose: CodePurpose;
  code: string;
  text: string;
  sentAt: number;
}

const OUTBOX_SIZE = 200;

/**
 * The embedded driver: no message is sent; the text goes to the server log, where the operator of a
 * fresh install reads it. Only with `keepsOutbox` (SMS_DEV_OUTBOX=true, for local development and the
 * tests) are codes also kept in memory for `GET /api/dev/sms-outbox`: anything kept could be read.
 */
export class ConsoleSmsDriver implements SmsDriver {
  readonly name = 'console';
  private readonly outbox: OutboxMessage[] = [];

  constructor(
    private readonly log: (message: string) => void = console.log,
    readonly keepsOutbox = false,
  ) {}

  async sendVerificationCode(phone: string, code: string, purpose: CodePurpose): Promise<void> {
    const text = `【Spatia】验证码 ${code}，5 分钟内有效，请勿告诉他人。Your Spatia code is ${code}, valid for 5 minutes.`;
    if (this.keepsOutbox) {
      this.outbox.push({ phoneNumber: phone, purpose, code, text, sentAt: Date.now() });
      if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
    }
    this.log(`[sms:console] to ${phone} (${purpose}): ${text}`);
  }

  /** Latest first. */
  latest(phoneNumber: string | undefined, limit = 20): OutboxMessage[] {
    return this.outbox
      .filter((message) => !phoneNumber || message.phoneNumber === phoneNumber)
      .slice(-limit)
      .reverse();
  }
}
