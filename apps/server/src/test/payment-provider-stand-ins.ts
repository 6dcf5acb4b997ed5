import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAlipayStandIn, type AlipayStandIn } from './alipay-stand-in.js';
import { rsaKeyPems } from './rsa-keys.js';
import { startWechatPayStandIn, testWechatMerchant, type WechatPayStandIn } from './wechat-pay-stand-in.js';

export interface PaymentProviderStandIns {
  wechat: WechatPayStandIn;
  alipay: AlipayStandIn;
  /** WeChat Pay's AppID, which an official account that asks for payers' openids must share. */
  wechatAppId: string;
  /** The server's variables for both providers, pointing at the stand-ins, as an operator sets them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'https://spatia.example.com';

/** Writes PEM keys as files in a folder of their own, as an operator hands them to the server; answers each path. */
export function keyFileWriter(): (name: string, pem: string) => string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-payment-keys-'));
  return (name, pem) => {
    const file = path.join(folder, name);
    writeFileSync(file, pem);
    return file;
  };
}

/**
 * WeChat Pay's and Alipay's stand-ins, each with its own merchant keys, and the configuration of a server that
 * takes both: key files on disk, PUBLIC_URL for the notification addresses, payouts by Alipay (real payments
 * never go with the sandbox's payouts, config.ts).
 */
export async function startPaymentProviderStandIns(alipayAppId: string): Promise<PaymentProviderStandIns> {
  const keyFile = keyFileWriter();
  const wechatMerchant = rsaKeyPems();
  const wechatAccount = testWechatMerchant();
  const wechat = await startWechatPayStandIn({ ...wechatAccount, merchantPublicKeyPem: wechatMerchant.publicKeyPem });
  const alipayMerchant = rsaKeyPems();
  const alipay = await startAlipayStandIn({ appId: alipayAppId, merchantPublicKeyPem: alipayMerchant.publicKeyPem });
  return {
    wechat,
    alipay,
    wechatAppId: wechatAccount.appId,
    env: {
      PUBLIC_URL: TEST_PUBLIC_URL,
      PAYMENT_PROVIDERS: 'wechat,alipay',
      PAYOUT_PROVIDERS: 'alipay',
      WECHAT_PAY_APP_ID: wechatAccount.appId,
      WECHAT_PAY_MCH_ID: wechatAccount.mchId,
      WECHAT_PAY_MERCHANT_SERIAL_NO: wechatAccount.merchantSerialNo,
      WECHAT_PAY_API_V3_KEY: wechatAccount.apiV3Key,
      WECHAT_PAY_PRIVATE_KEY_FILE: keyFile('wechat-merchant.pem', wechatMerchant.privateKeyPem),
      WECHAT_PAY_PUBLIC_KEY_ID: wechat.publicKeyId,
      WECHAT_PAY_PUBLIC_KEY_FILE: keyFile('wechat-pay-public.pem', wechat.platformPublicKeys[wechat.publicKeyId]!),
      WECHAT_PAY_PLATFORM_CERT_SERIAL: wechat.certificateSerial,
      WECHAT_PAY_PLATFORM_CERT_FILE: keyFile('wechat-platform.pem', wechat.platformPublicKeys[wechat.certificateSerial]!),
      WECHAT_PAY_ENDPOINT: wechat.endpoint,
      ALIPAY_APP_ID: alipayAppId,
      ALIPAY_PRIVATE_KEY_FILE: keyFile('alipay-merchant.pem', alipayMerchant.privateKeyPem),
      ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay-public.pem', alipay.alipayPublicKeyPem),
      ALIPAY_GATEWAY: alipay.gateway,
    },
    close: async () => {
      await wechat.close();
      await alipay.close();
    },
  };
}
