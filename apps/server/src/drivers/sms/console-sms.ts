import type { CodePurpose, SmsDriver, SmsNotice } from './sms-driver.js';

export interface OutboxMessage {
  phoneNumber: string;
  /** A code's purpose, or a notice's kind (then `code` is ''). */
  purpose: CodePurpose | SmsNotice['kind'];
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
    this.keep({ phoneNumber: phone, purpose, code, text, sentAt: Date.now() });
    this.log(`[sms:console] to ${phone} (${purpose}): ${text}`);
  }

  async sendNotice(phone: string, notice: SmsNotice): Promise<void> {
    const text = `【Spatia】您的账户绑定了新的${notice.channelZh}收款账户 ${notice.account}，如非本人操作请立即修改密码并联系客服。A payout account ${notice.account} was bound to your Spatia account; if this was not you, change your password and contact us.`;
    this.keep({ phoneNumber: phone, purpose: notice.kind, code: '', text, sentAt: Date.now() });
    this.log(`[sms:console] to ${phone} (${notice.kind}): ${text}`);
  }

  private keep(message: OutboxMessage): void {
    if (!this.keepsOutbox) return;
    this.outbox.push(message);
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
  }

  /** Latest first. */
  latest(phoneNumber: string | undefined, limit = 20): OutboxMessage[] {
    return this.outbox
      .filter((message) => !phoneNumber || message.phoneNumber === phoneNumber)
      .slice(-limit)
      .reverse();
  }
}
