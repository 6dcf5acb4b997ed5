import * as dysmsapi from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsDeliveryError, type CodePurpose, type SmsDriver, type SmsNotice } from './sms-driver.js';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one `${code}` parameter. */
  templateCode: string;
  /** The template of the new-payout-account notice, with `${channel}` and `${account}`; unset: that notice is not sent. */
  payoutAccountTemplateCode?: string;
  /** Host, or host:port; `http://` in front for a local stand-in. Default dysmsapi.aliyuncs.com. */
  endpoint: string;
}

interface DysmsapiClient {
  sendSms(request: dysmsapi.SendSmsRequest): Promise<{ body?: { code?: string; message?: string } }>;
}

// The SDK is CommonJS whose client is its default export: from Node's ESM that is `default.default`,
// through bundlers' interop it is `default`.
const sdkDefault = (dysmsapi as unknown as { default: { default?: unknown } }).default;
const DysmsapiClient = (typeof sdkDefault === 'function' ? sdkDefault : sdkDefault.default) as new (
  config: $OpenApiUtil.Config,
) => DysmsapiClient;

/** Aliyun SMS (Dysmsapi SendSms) through Alibaba Cloud's official SDK, signed with ACS3-HMAC-SHA256. */
export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun';
  private readonly client: DysmsapiClient;

  constructor(private readonly config: AliyunSmsConfig) {
    const [protocol, host] = config.endpoint.startsWith('http://') ? ['http', config.endpoint.slice(7)] : ['https', config.endpoint];
    this.client = new DysmsapiClient(
      new $OpenApiUtil.Config({ accessKeyId: config.accessKeyId, accessKeySecret: config.accessKeySecret, endpoint: host, protocol }),
    );
  }

  async sendVerificationCode(phone: string, code: string, _purpose: CodePurpose): Promise<void> {
    await this.send(phone, this.config.templateCode, { code });
  }

  async sendNotice(phone: string, notice: SmsNotice): Promise<void> {
    const template = this.config.payoutAccountTemplateCode;
    if (!template) throw new SmsDeliveryError('Aliyun', `no template for ${notice.kind} (ALIYUN_SMS_PAYOUT_ACCOUNT_TEMPLATE_CODE)`);
    await this.send(phone, template, { channel: notice.channelZh, account: notice.account });
  }

  private async send(phone: string, templateCode: string, params: Record<string, string>): Promise<void> {
    let answer: { Code?: string; Message?: string } | undefined;
    try {
      const response = await this.client.sendSms(
        new dysmsapi.SendSmsRequest({
          phoneNumbers: phone,
          signName: this.config.signName,
          templateCode,
          templateParam: JSON.stringify(params),
        }),
      );
      answer = { Code: response.body?.code, Message: response.body?.message };
    } catch (error) {
      throw new SmsDeliveryError('Aliyun', error instanceof Error ? error.message : String(error));
    }
    if (answer.Code !== 'OK') throw new SmsDeliveryError('Aliyun', `${answer.Code ?? '?'} ${answer.Message ?? ''}`);
  }
}
