import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunStandIn, startTencentStandIn, type StandIn } from '../../test/sms-stand-ins.js';
import { AliyunSmsDriver } from './aliyun-sms.js';
import { SmsDeliveryError } from './sms-driver.js';
import { TencentSmsDriver } from './tencent-sms.js';

const aliyunKeys = { accessKeyId: 'LTAI-stand-in', accessKeySecret: 'aliyun-secret-for-tests' };
const tencentKeys = { secretId: 'AKID-stand-in', secretKey: 'tencent-secret-for-tests' };
let aliyun: StandIn;
let tencent: StandIn;

beforeAll(async () => {
  aliyun = await startAliyunStandIn(aliyunKeys);
  tencent = await startTencentStandIn(tencentKeys);
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
});

const aliyunDriver = (secret = aliyunKeys.accessKeySecret) =>
  new AliyunSmsDriver({ ...aliyunKeys, accessKeySecret: secret, signName: 'Spatia', templateCode: 'SMS_0001', endpoint: aliyun.endpoint });
const tencentDriver = (secret = tencentKeys.secretKey) =>
  new TencentSmsDriver({
    ...tencentKeys,
    secretKey: secret,
    sdkAppId: '1400000000',
    signName: 'Spatia',
    templateId: '100001',
    region: 'ap-guangzhou',
    endpoint: tencent.endpoint,
  });

describe('Aliyun SMS driver', () => {
  it('sends a signed SendSms that the stand-in verifies', async () => {
    await aliyunDriver().sendVerificationCode('13912345678', '012345', 'register');
    expect(aliyun.accepted.at(-1)).toMatchObject({
      PhoneNumbers: '13912345678',
      SignName: 'Spatia',
      TemplateCode: 'SMS_0001',
      TemplateParam: '{"code":"012345"}',
    });
  });

  it('sends the notice of a new payout account with its own template, and refuses when none is configured', async () => {
    const driver = new AliyunSmsDriver({
      ...aliyunKeys,
      signName: 'Spatia',
      templateCode: 'SMS_0001',
      payoutAccountTemplateCode: 'SMS_0002',
      endpoint: aliyun.endpoint,
    });
    const notice = { kind: 'payoutAccountBound', channelZh: '支付宝', account: '139****5678' } as const;
    await driver.sendNotice('13912345678', notice);
    expect(aliyun.accepted.at(-1)).toMatchObject({
      PhoneNumbers: '13912345678',
      TemplateCode: 'SMS_0002',
      TemplateParam: '{"channel":"支付宝","account":"139****5678"}',
    });
    await expect(aliyunDriver().sendNotice('13912345678', notice)).rejects.toThrow(/ALIYUN_SMS_PAYOUT_ACCOUNT_TEMPLATE_CODE/);
  });

  it('fails clearly when the signature is wrong or the provider refuses', async () => {
    await expect(aliyunDriver('wrong-secret').sendVerificationCode('13912345678', '111111', 'register')).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
    await expect(aliyunDriver().sendVerificationCode('12345', '111111', 'register')).rejects.toThrow(SmsDeliveryError);
  });
});

describe('Tencent Cloud SMS driver', () => {
  it('sends a signed SendSms that the stand-in verifies', async () => {
    await tencentDriver().sendVerificationCode('13912345678', '654321', 'smsLogin');
    expect(tencent.accepted.at(-1)).toMatchObject({
      PhoneNumberSet: ['+8613912345678'],
      SmsSdkAppId: '1400000000',
      TemplateId: '100001',
      TemplateParamSet: ['654321'],
    });
  });

  it('sends the notice of a new payout account with its own template, and refuses when none is configured', async () => {
    const notice = { kind: 'payoutAccountBound', channelZh: '微信', account: 'oUpF****eS6o' } as const;
    const driver = new TencentSmsDriver({
      ...tencentKeys,
      sdkAppId: '1400000000',
      signName: 'Spatia',
      templateId: '100001',
      payoutAccountTemplateId: '100002',
      region: 'ap-guangzhou',
      endpoint: tencent.endpoint,
    });
    await driver.sendNotice('13912345678', notice);
    expect(tencent.accepted.at(-1)).toMatchObject({ TemplateId: '100002', TemplateParamSet: ['微信', 'oUpF****eS6o'] });
    await expect(tencentDriver().sendNotice('13912345678', notice)).rejects.toThrow(/TENCENT_SMS_PAYOUT_ACCOUNT_TEMPLATE_ID/);
  });

  it('fails clearly when the signature is wrong or the provider refuses', async () => {
    await expect(tencentDriver('wrong-secret').sendVerificationCode('13912345678', '111111', 'smsLogin')).rejects.toThrow(
      /SignatureFailure/,
    );
    await expect(tencentDriver().sendVerificationCode('12345', '111111', 'smsLogin')).rejects.toThrow(/IncorrectPhoneNumber/);
  });
});
