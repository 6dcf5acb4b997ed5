import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';

/**
 * The OpenAPI gateway calls that payments (precreate, query, close) and payouts (fund transfers) share:
 * the official alipay-sdk in public-key mode, signed with RSA2, every answer's signature checked against
 * Alipay's public key, times in Beijing time whatever the host's zone.
 */
export interface AlipayApplication {
  /** The open platform application's APPID. */
  appId: string;
  /**
   * The application's private key: PEM (PKCS#8 `PRIVATE KEY` or PKCS#1 `RSA PRIVATE KEY`), or the bare
   * base64 that Alipay's key tool prints.
   */
  privateKeyPem: string;
  /** "Alipay public key" of the application (public-key mode, not certificates): PEM or bare base64. */
  alipayPublicKeyPem: string;
  /**
   * The OpenAPI gateway: https://openapi.alipay.com/gateway.do in production,
   * https://openapi-sandbox.dl.alipaydev.com/gateway.do in Alipay's sandbox, a stand-in's URL in tests.
   */
  gateway: string;
}

export const ALIPAY_SUCCESS_CODE = '10000';

// China has kept UTC+8 without daylight saving since 1991, so Alipay's wall-clock times are a fixed offset.
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai, the form of every time Alipay takes and gives. */
export function toShanghaiDateTime(moment: Date): string {
  return new Date(moment.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function fromShanghaiDateTime(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const moment = new Date(Date.parse(`${text.replace(' ', 'T')}+08:00`));
  return !Number.isNaN(moment.getTime()) && toShanghaiDateTime(moment) === text ? moment : undefined;
}

function derBase64(keyText: string): Buffer | undefined {
  return keyText.includes('-----BEGIN') ? undefined : Buffer.from(keyText.replace(/\s+/g, ''), 'base64');
}

function privateKeyAsPkcs8Pem(keyText: string): string {
  const der = derBase64(keyText);
  let key;
  if (!der) key = createPrivateKey(keyText);
  else {
    try {
      key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      key = createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  }
  return key.export({ format: 'pem', type: 'pkcs8' }).toString();
}

function publicKeyAsSpkiPem(keyText: string): string {
  const der = derBase64(keyText);
  const key = der ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPublicKey(keyText);
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

/** Alipay's refusal in one line: code, msg, sub_code, sub_msg. */
export function describeFailure(answer: AlipaySdkCommonResult): string {
  return [answer.code, answer.msg, answer.sub_code, answer.sub_msg].filter((part) => typeof part === 'string' && part).join(' ');
}

export class AlipayGateway {
  readonly sdk: AlipaySdk;

  /** `fail` makes the error a call without a verifiable answer throws (the caller's own kind). */
  constructor(
    application: AlipayApplication,
    private readonly fail: (method: string, detail: string) => Error,
  ) {
    this.sdk = new AlipaySdk({
      appId: application.appId,
      // Normalised here: the SDK reads keys as PKCS#1 unless told otherwise, and would only fail at signing.
      privateKey: privateKeyAsPkcs8Pem(application.privateKeyPem),
      keyType: 'PKCS8',
      alipayPublicKey: publicKeyAsSpkiPem(application.alipayPublicKeyPem),
      gateway: application.gateway,
      signType: 'RSA2',
      // Keep Alipay's own field names (trade_status, sub_code) rather than the SDK's camelCased copies.
      camelcase: false,
      timeout: 10_000,
    });
  }

  /** One signed gateway call whose answer's signature is verified; Alipay's own refusals come back as answers. */
  async call(
    method: string,
    bizContent: Record<string, unknown>,
    commonParameters: Record<string, string> = {},
  ): Promise<AlipaySdkCommonResult> {
    try {
      return await this.sdk.exec(
        method,
        // The SDK stamps the host's local time, which Alipay reads as Beijing time.
        { ...commonParameters, timestamp: toShanghaiDateTime(new Date()), bizContent },
        // Without this exec does not check the answer's signature at all.
        { validateSign: true },
      );
    } catch (error) {
      const detail = error instanceof AlipayRequestError ? error.message : `no verifiable answer (${String(error)})`;
      throw this.fail(method, detail);
    }
  }

  /**
   * A page method's signed GET address (alipay.trade.wap.pay): the payer's browser goes there, and Alipay
   * checks the signature as for a call. Nothing is sent from here.
   */
  pageUrl(method: string, bizContent: Record<string, unknown>, commonParameters: Record<string, string> = {}): string {
    return this.sdk.pageExecute(method, 'GET', { ...commonParameters, timestamp: toShanghaiDateTime(new Date()), bizContent });
  }

  /**
   * A signed call whose parameters travel as plain request parameters, without biz_content
   * (alipay.system.oauth.token takes `grant_type` and `code` so); the answer's signature is verified.
   */
  async callPlain(method: string, parameters: Record<string, string>): Promise<AlipaySdkCommonResult> {
    try {
      return await this.sdk.exec(method, { ...parameters, timestamp: toShanghaiDateTime(new Date()) }, { validateSign: true });
    } catch (error) {
      const detail = error instanceof AlipayRequestError ? error.message : `no verifiable answer (${String(error)})`;
      throw this.fail(method, detail);
    }
  }
}
