import {
  constants,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/**
 * The merchant side of WeChat Pay API v3 that payments (Native orders) and payouts (transfers to a
 * person's WeChat balance) share: requests signed WECHATPAY2-SHA256-RSA2048 with the merchant key,
 * every answer checked against WeChat Pay's keys, sensitive fields encrypted for WeChat Pay. Only
 * node:crypto and fetch: the community SDK cannot check signatures made with a WeChat Pay public key
 * (PUB_KEY_ID_…).
 */
export interface WechatPayMerchant {
  /** The merchant number (mchid). */
  mchId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string;
  /** The merchant API private key (apiclient_key.pem), PKCS#8 or PKCS#1 PEM. */
  merchantPrivateKeyPem: string;
  /**
   * Keys that WeChat Pay signs with, by the serial its Wechatpay-Serial header names: platform
   * certificate serials and/or the WeChat Pay public key id (PUB_KEY_ID_…). Both may be listed while
   * a merchant switches from one to the other.
   */
  platformPublicKeys: Record<string, string>;
  /** https://api.mch.weixin.qq.com in production; a local stand-in in tests. */
  endpoint: string;
  /**
   * The APIv3 key. Where WeChat Pay signs with platform certificates (not a WeChat Pay public key) it
   * decrypts the certificates downloaded from `GET /v3/certificates`, which keep them fresh before one expires.
   */
  apiV3Key?: string;
}

/** The stand-in and any other caller that must sign a request exactly as the driver does. */
export interface WechatPayRequestToSign {
  mchId: string;
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  method: string;
  /** Path and query exactly as sent, e.g. /v3/pay/transactions/out-trade-no/SP1?mchid=1900009191. */
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
}

export const WECHAT_PAY_SIGNATURE_WINDOW_SECONDS = 300;
const CALL_TIMEOUT_MS = 10_000;
const USER_AGENT = `Spatia-WechatPay/1.0 (Node.js ${process.version})`;

/** The Authorization header of an APIv3 request (WECHATPAY2-SHA256-RSA2048). */
export function wechatPayAuthorization(request: WechatPayRequestToSign): string {
  const message = `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
  const signature = sign('sha256', Buffer.from(message, 'utf8'), request.merchantPrivateKey).toString('base64');
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${request.mchId}",nonce_str="${request.nonce}",` +
    `signature="${signature}",timestamp="${request.timestamp}",serial_no="${request.merchantSerialNo}"`
  );
}

/** A moment as WeChat writes it: RFC 3339 in Beijing time, e.g. 2015-05-20T13:29:35+08:00. */
export function toBeijingTime(moment: Date): string {
  return `${new Date(moment.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A 2xx answer whose signature checked out, or WeChat's error code and message. */
export type WechatPayAnswer = { ok: true; status: number; body: Buffer } | { ok: false; status: number; code: string; detail: string };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function singleHeader(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function signatureMatches(message: Buffer, key: KeyObject, signatureBase64: string): boolean {
  try {
    return verify('sha256', message, key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

const HOUR_MS = 3600_000;
/** Platform certificates are downloaded again this often… */
const CERTIFICATE_REFRESH_MS = 12 * HOUR_MS;
/** …and, hourly at most, whenever one known expires within this: WeChat issues its successor ahead of time. */
const CERTIFICATE_EXPIRY_MARGIN_MS = 72 * HOUR_MS;
/** A download that failed is tried again after this. */
const CERTIFICATE_RETRY_MS = 10 * 60_000;
const CERTIFICATES = '/v3/certificates';
const AUTH_TAG_BYTES = 16;

export class WechatPayClient {
  private readonly merchantPrivateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly endpoint: string;
  /** When each platform certificate downloaded from WeChat Pay expires (the configured ones are not known). */
  private readonly certificateExpiry = new Map<string, number>();
  private lastCertificateDownload = Number.NEGATIVE_INFINITY;
  private certificateDownload: Promise<void> | undefined;

  /**
   * `fail` makes the error a failed call throws (the caller's own kind); `now` (epoch milliseconds)
   * stamps requests and bounds the signature timestamp window.
   */
  constructor(
    private readonly merchant: WechatPayMerchant,
    private readonly fail: (detail: string) => Error,
    private readonly now: () => number = Date.now,
  ) {
    this.merchantPrivateKey = createPrivateKey(merchant.merchantPrivateKeyPem);
    // A Map, so that a serial such as "constructor" never reaches an object's prototype.
    this.platformKeys = new Map(Object.entries(merchant.platformPublicKeys).map(([serial, pem]) => [serial, createPublicKey(pem)]));
    if (this.platformKeys.size === 0) throw new RangeError('WeChat Pay needs at least one platform public key');
    this.endpoint = merchant.endpoint.replace(/\/+$/, '');
  }

  /**
   * What is wrong with a message's WeChat Pay signature (Wechatpay-* headers over `timestamp\nnonce\nbody\n`),
   * or undefined when it checks out. WeChat's SIGNTEST probes carry signatures that simply fail here.
   */
  signatureProblem(header: (name: string) => string | undefined, body: Buffer): string | undefined {
    const timestamp = header('wechatpay-timestamp');
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    const serial = header('wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return 'the Wechatpay-Timestamp/Nonce/Signature/Serial headers are missing';
    const key = this.platformKeys.get(serial);
    if (!key) return `Wechatpay-Serial ${serial} is an unknown key`;
    if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number of seconds';
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > WECHAT_PAY_SIGNATURE_WINDOW_SECONDS)
      return `Wechatpay-Timestamp ${timestamp} is more than ${WECHAT_PAY_SIGNATURE_WINDOW_SECONDS} s from now`;
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n', 'utf8')]);
    return signatureMatches(message, key, signature) ? undefined : 'the signature does not check out';
  }

  /**
   * A sensitive field (a payee's name) encrypted for WeChat Pay: RSA-OAEP (SHA-1, MGF1) with one of its
   * keys, the WeChat Pay public key when configured. The request must name that key in `Wechatpay-Serial`.
   */
  encryptSensitive(text: string): { serial: string; ciphertext: string } {
    const [serial, key] = [...this.platformKeys].sort(
      ([a], [b]) => Number(b.startsWith('PUB_KEY_ID_')) - Number(a.startsWith('PUB_KEY_ID_')),
    )[0]!;
    const ciphertext = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(text, 'utf8'));
    return { serial, ciphertext: ciphertext.toString('base64') };
  }

  /**
   * One signed APIv3 call. A 2xx answer is returned only once its signature checks out; an error answer
   * is read for WeChat's code and message without it, as WeChat's own SDKs do (it may come unsigned,
   * e.g. after SIGN_ERROR, and nothing is concluded from it but "failed" or "no such order"). A call
   * that gets no answer at all throws.
   */
  async call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: Record<string, unknown>,
    extraHeaders: Record<string, string> = {},
  ): Promise<WechatPayAnswer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatPayAuthorization({
      mchId: this.merchant.mchId,
      merchantSerialNo: this.merchant.merchantSerialNo,
      merchantPrivateKey: this.merchantPrivateKey,
      method,
      pathWithQuery,
      body,
      timestamp: Math.floor(this.now() / 1000),
      nonce: randomBytes(16).toString('hex').toUpperCase(),
    });
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
      ...extraHeaders,
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (pathWithQuery !== CERTIFICATES) await this.keepCertificatesFresh();

    let status: number;
    let answerHeaders: Headers;
    let answerBody: Buffer;
    try {
      const response = await fetch(`${this.endpoint}${pathWithQuery}`, {
        method,
        headers,
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      status = response.status;
      answerHeaders = response.headers;
      answerBody = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.fail(`${method} ${pathWithQuery}: ${error instanceof Error ? error.message : String(error)}`);
    }

    if (status < 200 || status > 299) {
      const failure = parseJson(answerBody.toString('utf8'));
      const code = isRecord(failure) && typeof failure.code === 'string' ? failure.code : 'NO_ERROR_CODE';
      const detail = isRecord(failure) && typeof failure.message === 'string' ? failure.message : answerBody.toString('utf8').slice(0, 200);
      return { ok: false, status, code, detail };
    }
    const problem = this.signatureProblem((name) => answerHeaders.get(name) ?? undefined, answerBody);
    if (problem) throw this.fail(`${method} ${pathWithQuery}: answer refused: ${problem}`);
    return { ok: true, status, body: answerBody };
  }

  // ---- platform certificates (docs/payments.md): the WeChat Pay public key needs none of this ----

  /** True where WeChat Pay signs with platform certificates and the APIv3 key can decrypt new ones. */
  get refreshesCertificates(): boolean {
    return Boolean(this.merchant.apiV3Key) && [...this.platformKeys.keys()].some((serial) => !serial.startsWith('PUB_KEY_ID_'));
  }

  /** The serials of the platform keys answers are checked against now, with the expiry of those downloaded. */
  platformCertificates(): { serial: string; expiresAt: number | null }[] {
    return [...this.platformKeys.keys()].map((serial) => ({ serial, expiresAt: this.certificateExpiry.get(serial) ?? null }));
  }

  /**
   * Downloads the platform certificates when due: every 12 hours, and sooner (hourly at most) once a known
   * one expires within 3 days. A failed download keeps the keys there are and is tried again in 10 minutes.
   */
  async keepCertificatesFresh(): Promise<void> {
    if (!this.refreshesCertificates) return;
    const now = this.now();
    const since = now - this.lastCertificateDownload;
    const expiring = [...this.certificateExpiry.values()].some((expiresAt) => expiresAt - now < CERTIFICATE_EXPIRY_MARGIN_MS);
    if (since < CERTIFICATE_REFRESH_MS && !(expiring && since >= HOUR_MS)) return;
    this.certificateDownload ??= this.downloadCertificates()
      .catch(() => {
        // The keys there are still check answers; the next call after the retry delay tries again.
        this.lastCertificateDownload = this.now() - CERTIFICATE_REFRESH_MS + CERTIFICATE_RETRY_MS;
      })
      .finally(() => (this.certificateDownload = undefined));
    await this.certificateDownload;
  }

  /**
   * `GET /v3/certificates`: its answer is checked with a key already known (a certificate WeChat Pay still
   * signs with); each certificate in it comes encrypted (AEAD_AES_256_GCM with the APIv3 key). The valid
   * ones join the keys; those expired leave.
   */
  async downloadCertificates(): Promise<void> {
    const answer = await this.call('GET', CERTIFICATES);
    if (!answer.ok) throw this.fail(`GET ${CERTIFICATES}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    const listed = parseJson(answer.body.toString('utf8'));
    const entries = isRecord(listed) && Array.isArray(listed.data) ? listed.data : undefined;
    if (!entries) throw this.fail(`GET ${CERTIFICATES}: no certificate list in the answer`);
    const now = this.now();
    for (const entry of entries) {
      if (!isRecord(entry) || typeof entry.serial_no !== 'string' || !isRecord(entry.encrypt_certificate)) continue;
      const pem = this.decryptCertificate(entry.encrypt_certificate);
      const certificate = new X509Certificate(pem);
      const expiresAt = Date.parse(certificate.validTo);
      if (!(expiresAt > now) || Date.parse(certificate.validFrom) > now) continue;
      this.platformKeys.set(entry.serial_no, certificate.publicKey);
      this.certificateExpiry.set(entry.serial_no, expiresAt);
    }
    for (const [serial, expiresAt] of this.certificateExpiry) {
      if (expiresAt <= now) {
        this.certificateExpiry.delete(serial);
        this.platformKeys.delete(serial);
      }
    }
    this.lastCertificateDownload = now;
  }

  private decryptCertificate(sealed: Record<string, unknown>): string {
    const { ciphertext, nonce, associated_data: associatedData = '', algorithm } = sealed;
    if (
      algorithm !== 'AEAD_AES_256_GCM' ||
      typeof ciphertext !== 'string' ||
      typeof nonce !== 'string' ||
      typeof associatedData !== 'string'
    )
      throw this.fail(`GET ${CERTIFICATES}: a certificate without AEAD_AES_256_GCM, ciphertext or nonce`);
    const bytes = Buffer.from(ciphertext, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(this.merchant.apiV3Key ?? '', 'ascii'), Buffer.from(nonce, 'utf8'), {
        authTagLength: AUTH_TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - AUTH_TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - AUTH_TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw this.fail(`GET ${CERTIFICATES}: a certificate does not decrypt with the APIv3 key`);
    }
  }
}
