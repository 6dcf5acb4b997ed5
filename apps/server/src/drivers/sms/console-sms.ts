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
 * Development driver: the message goes to the log and to an in-memory outbox that
 * `GET /api/dev/sms-outbox` exposes (only while this driver is active), so local users and tests can
 * read their codes.
 */
export class ConsoleSmsDriver implements SmsDriver {
  readonly name = 'console';
  private readonly outbox: OutboxMessage[] = [];

  constructor(private readonly log: (message: string) => void = console.log) {}

  async sendVerificationCode(phone: string, code: string, purpose: CodePurpose): Promise<void> {
    const text = `【Spatia】验证码 ${code}，5 分钟内有效，请勿告诉他人。Your Spatia code is ${code}, valid for 5 minutes.`;
    this.outbox.push({ phoneNumber: phone, purpose, code, text, sentAt: Date.now() });
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
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
