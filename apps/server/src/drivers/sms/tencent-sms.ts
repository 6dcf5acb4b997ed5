import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import { SmsDeliveryError, type CodePurpose, type SmsDriver, type SmsNotice } from './sms-driver.js';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** A template with one parameter: the code. */
  templateId: string;
  /** The template of the new-payout-account notice, with two parameters: the method and the account; unset: not sent. */
  payoutAccountTemplateId?: string;
  region: string;
  /** Host, or host:port; `http://` in front for a local stand-in. Default sms.tencentcloudapi.com. */
  endpoint: string;
}

interface SendStatus {
  Code?: string;
  Message?: string;
}

interface SmsClient {
  SendSms(request: Record<string, unknown>): Promise<{ SendStatusSet?: SendStatus[] }>;
}

// The SDK is CommonJS; from ESM its namespaces sit on the module or on `default`.
const sdk = tencentcloud as unknown as { sms?: Sms; default?: { sms: Sms } };
type Sms = { v20210111: { Client: new (config: Record<string, unknown>) => SmsClient } };
const SmsClientClass = (sdk.sms ?? sdk.default!.sms).v20210111.Client;

/** Tencent Cloud SMS (SendSms, API 2021-01-11) through the official SDK, signed with TC3-HMAC-SHA256. */
export class TencentSmsDriver implements SmsDriver {
  readonly name = 'tencent';
  private readonly client: SmsClient;

  constructor(private readonly config: TencentSmsConfig) {
    const [protocol, endpoint] = config.endpoint.startsWith('http://')
      ? ['http://', config.endpoint.slice(7)]
      : ['https://', config.endpoint];
    this.client = new SmsClientClass({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: { httpProfile: { endpoint, protocol, reqTimeout: 10 } },
    });
  }

  async sendVerificationCode(phone: string, code: string, _purpose: CodePurpose): Promise<void> {
    await this.send(phone, this.config.templateId, [code]);
  }

  async sendNotice(phone: string, notice: SmsNotice): Promise<void> {
    const template = this.config.payoutAccountTemplateId;
    if (!template) throw new SmsDeliveryError('Tencent Cloud', `no template for ${notice.kind} (TENCENT_SMS_PAYOUT_ACCOUNT_TEMPLATE_ID)`);
    await this.send(phone, template, [notice.channelZh, notice.account]);
  }

  private async send(phone: string, templateId: string, params: string[]): Promise<void> {
    let status: SendStatus | undefined;
    try {
      const response = await this.client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
      status = response.SendStatusSet?.[0];
    } catch (error) {
      throw new SmsDeliveryError('Tencent Cloud', error instanceof Error ? error.message : String(error));
    }
    if (status?.Code !== 'Ok') throw new SmsDeliveryError('Tencent Cloud', `${status?.Code ?? '?'} ${status?.Message ?? ''}`);
  }
}
