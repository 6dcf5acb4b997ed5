import { SmsCodeErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { startAliyunStandIn, type StandIn } from '../../test/sms-stand-ins.js';

let aliyun: StandIn;
let working: TestApp;
let misconfigured: TestApp;

const env = (secret: string) => ({
  SMS_DRIVER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-stand-in',
  ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
  ALIYUN_SMS_SIGN_NAME: 'Spatia',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0001',
  ALIYUN_SMS_ENDPOINT: aliyun.endpoint,
});

beforeAll(async () => {
  aliyun = await startAliyunStandIn({ accessKeyId: 'LTAI-stand-in', accessKeySecret: 'the-real-secret' });
  working = await createTestApp(env('the-real-secret'));
  misconfigured = await createTestApp(env('a-wrong-secret'));
});
afterAll(async () => {
  await working.close();
  await misconfigured.close();
  await aliyun.close();
});

describe('codes sent through a real SMS driver', () => {
  it('reach the provider, and no dev outbox exists', async () => {
    const response = await working.app.inject({ method: 'GET', url: '/api/c/smsLogin/verifyCode?phoneNumber=13955550001' });
    expect(response.statusCode).toBe(200);
    expect(aliyun.accepted.at(-1)).toMatchObject({ PhoneNumbers: '13955550001' });
    expect(JSON.parse(String(aliyun.accepted.at(-1)?.TemplateParam)).code).toMatch(/^\d{6}$/);
    expect((await working.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).statusCode).toBe(404);
  });

  it('tell the user plainly when the provider refuses', async () => {
    const response = await misconfigured.app.inject({
      method: 'GET',
      url: '/api/c/smsLogin/verifyCode?phoneNumber=13955550002',
      cookies: { language: 'en' },
    });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toEqual({
      code: SmsCodeErrors.smsUnavailable.code,
      msg: 'The text message could not be sent. Please try again later',
    });
  });
});
