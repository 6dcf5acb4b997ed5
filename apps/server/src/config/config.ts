import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAYMENT_PROVIDERS, PAYOUT_PROVIDERS, PHONE_PATTERN, type PaymentProvider, type PayoutProvider } from '@spatia/contract';
import { z } from 'zod';
import type { WechatOfficialAccountConfig } from '../drivers/oauth/wechat-official-account.js';
import type { WechatOAuthConfig } from '../drivers/oauth/wechat-oauth.js';
import type { AlipayConfig } from '../drivers/payments/alipay.js';
import type { WechatPayConfig } from '../drivers/payments/wechat-pay.js';
import type { WechatPayMerchant } from '../drivers/payments/wechat-pay-client.js';
import type { AlipayApplication } from '../drivers/payments/alipay-gateway.js';
import type { WechatTransferConfig } from '../drivers/payouts/wechat-transfer.js';
import type { S3StorageConfig } from '../drivers/storage/s3-storage.js';
import type { AliyunSmsConfig } from '../drivers/sms/aliyun-sms.js';
import type { TencentSmsConfig } from '../drivers/sms/tencent-sms.js';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '../lib/business-time.js';

/**
 * Every setting the server reads, validated once at boot. A bad value stops the server with one line
 * that names each wrong variable and what it expects. `.env.example` documents each of them.
 */
const optionalUrl = z.string().url().optional();
const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** `true` or `false`, and `byDefault` when the variable is not set. */
const booleanVariable = (byDefault: boolean) =>
  z
    .enum(['true', 'false'])
    .default(byDefault ? 'true' : 'false')
    .transform((value) => value === 'true');

const ALIYUN_SMS_VARIABLES = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const TENCENT_SMS_VARIABLES = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;
/** S3 is on when S3_BUCKET is set; these must then be set too (S3_ENDPOINT stays empty for AWS itself). */
const WECHAT_PAY_VARIABLES = [
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_MERCHANT_SERIAL_NO',
  'WECHAT_PAY_PRIVATE_KEY_FILE',
  'WECHAT_PAY_API_V3_KEY',
] as const;
const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;
/** WeChat transfers (payouts) need the merchant but not the APIv3 key: their outcome is asked for, not notified. */
const WECHAT_TRANSFER_VARIABLES = [
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_MERCHANT_SERIAL_NO',
  'WECHAT_PAY_PRIVATE_KEY_FILE',
] as const;
const S3_REQUIRED_VARIABLES = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// connection URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'false, true (one proxy), a number of proxies, or their addresses (comma-separated, CIDR allowed)',
      )
      .default('false')
      .transform(parseTrustProxy),
    WEB_DIST_DIR: z.string().optional(),
    VIEWER_DIST_DIR: z.string().optional(),
    DEMO_DIR: z.string().optional(),
    DEMO_WORKS: booleanVariable(true),
    ADMIN_PHONE: z.string().regex(PHONE_PATTERN, 'an 11-digit mobile number').default('13800000000'),
    APP_APK_URL: z.string().default(''),
    TJHX_API_BASE_URL: z.string().default('/api'),
    POINT_CLOUD_API_BASE_URL: z.string().default('/api'),
    POINT_CLOUD_LIST_URL: z.string().url().or(z.literal('')).default(''),
    MAPS_API_BASE_URL: z.string().default(''),
    MAP_TILE_URL: z
      .string()
      .regex(
        /^https?:\/\/[^/?#{}]+(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})/,
        'an http(s) URL of raster tiles holding {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      )
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z.string().default('© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    SITE_COMPANY_NAME_ZH: z.string().default('Spatia 空间云科技有限公司'),
    SITE_COMPANY_NAME_EN: z.string().default('Spatia Cloud Technology Co., Ltd.'),
    SITE_SERVICE_PHONE: z.string().default('400-000-0000'),
    SITE_SERVICE_HOURS: z.string().default('9:00-17:00'),
    SITE_SOFTWARE_NOTICE_ZH: z.string().default('本平台软件服务由 Spatia 提供'),
    SITE_SOFTWARE_NOTICE_EN: z.string().default('Software service provided by Spatia'),
    SITE_CERTIFICATE_NUMBERS: list,
    SITE_ICP_RECORD: z.string().default(''),
    SITE_ICP_URL: z.string().url().default('https://beian.miit.gov.cn/'),
    SITE_PSB_RECORD: z.string().default(''),
    SITE_PSB_URL: optionalUrl,
    SITE_PRIVACY_URL: z.string().default('/privacyProtocol'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    WORKER_IN_PROCESS: booleanVariable(true),
    PROCESSING_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    // The days money and statistics count in (docs/billing.md "Days"): an IANA zone name.
    BUSINESS_TIME_ZONE: z.string().default(DEFAULT_BUSINESS_TIME_ZONE).refine(isTimeZone, 'an IANA time zone name such as Asia/Shanghai'),
    PUBLIC_URL: z
      .string()
      .url()
      .regex(/^https?:\/\/[^/]+$/, 'an origin such as https://spatia.example.com (no path)')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'at least 32 characters').optional(),
    SMS_DRIVER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
    SMS_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    SMS_DEV_OUTBOX: booleanVariable(false),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    ALIYUN_SMS_PAYOUT_ACCOUNT_TEMPLATE_CODE: z.string().optional(),
    ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
    TENCENT_SMS_SECRET_ID: z.string().optional(),
    TENCENT_SMS_SECRET_KEY: z.string().optional(),
    TENCENT_SMS_SDK_APP_ID: z.string().optional(),
    TENCENT_SMS_SIGN_NAME: z.string().optional(),
    TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
    TENCENT_SMS_PAYOUT_ACCOUNT_TEMPLATE_ID: z.string().optional(),
    TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
    TENCENT_SMS_ENDPOINT: z.string().default('sms.tencentcloudapi.com'),
    PAYMENT_PROVIDERS: z
      .string()
      .default('sandbox')
      .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
      .pipe(z.array(z.enum(PAYMENT_PROVIDERS)).min(1)),
    WECHAT_PAY_APP_ID: z.string().optional(),
    WECHAT_PAY_MCH_ID: z.string().optional(),
    WECHAT_PAY_MERCHANT_SERIAL_NO: z.string().optional(),
    WECHAT_PAY_PRIVATE_KEY_FILE: z.string().optional(),
    WECHAT_PAY_API_V3_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{32}$/, '32 printable ASCII characters')
      .optional(),
    WECHAT_PAY_PUBLIC_KEY_ID: z
      .string()
      .regex(/^PUB_KEY_ID_\w+$/, 'PUB_KEY_ID_ followed by its number')
      .optional(),
    WECHAT_PAY_PUBLIC_KEY_FILE: z.string().optional(),
    WECHAT_PAY_PLATFORM_CERT_SERIAL: z.string().optional(),
    WECHAT_PAY_PLATFORM_CERT_FILE: z.string().optional(),
    WECHAT_PAY_ENDPOINT: z.string().url().default('https://api.mch.weixin.qq.com'),
    PAYOUT_PROVIDERS: z
      .string()
      .default('sandbox')
      .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
      .pipe(z.array(z.enum(PAYOUT_PROVIDERS)).min(1)),
    SANDBOX_MONEY: z.enum(['allow']).optional(),
    WECHAT_PAY_TRANSFER_SCENE_ID: z
      .string()
      .regex(/^\d{1,8}$/, 'the number of a transfer scene approved on the merchant platform (e.g. 1000)')
      .default('1000'),
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_PRIVATE_KEY_FILE: z.string().optional(),
    ALIPAY_PUBLIC_KEY_FILE: z.string().optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    WECHAT_APP_ID: z.string().optional(),
    WECHAT_APP_SECRET: z.string().optional(),
    WECHAT_AUTHORIZE_URL: z.string().url().default('https://open.weixin.qq.com/connect/qrconnect'),
    WECHAT_TOKEN_URL: z.string().url().default('https://api.weixin.qq.com/sns/oauth2/access_token'),
    WECHAT_USERINFO_URL: z.string().url().default('https://api.weixin.qq.com/sns/userinfo'),
    WECHAT_MP_APP_ID: z.string().optional(),
    WECHAT_MP_APP_SECRET: z.string().optional(),
    WECHAT_MP_AUTHORIZE_URL: z.string().url().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
    S3_ENDPOINT: z
      .string()
      .url()
      .regex(/^https?:\/\//, 'an http:// or https:// URL')
      .optional(),
    S3_REGION: z.string().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanVariable(false),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,200}$/, 'at least 24 printable ASCII characters (e.g. openssl rand -hex 24)')
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).optional(),
  })
  .superRefine((env, context) => {
    checkMetrics(env, context);
    if (Boolean(env.WECHAT_APP_ID) !== Boolean(env.WECHAT_APP_SECRET)) {
      context.addIssue({ code: 'custom', path: ['WECHAT_APP_SECRET'], message: 'set together with WECHAT_APP_ID (both or neither)' });
    }
    checkWechatOfficialAccount(env, context);
    const s3Wanted = S3_REQUIRED_VARIABLES.some((name) => env[name]) || Boolean(env.S3_ENDPOINT);
    for (const name of s3Wanted ? S3_REQUIRED_VARIABLES : []) {
      if (!env[name])
        context.addIssue({ code: 'custom', path: [name], message: 'set together with the other S3_* variables (all or none)' });
    }
    if (env.SMS_DEV_OUTBOX && env.SMS_DRIVER !== 'console') {
      context.addIssue({
        code: 'custom',
        path: ['SMS_DEV_OUTBOX'],
        message: 'true only with SMS_DRIVER=console (a real driver sends the codes)',
      });
    }
    const paymentVariables = [
      ...(env.PAYMENT_PROVIDERS.includes('wechat') ? WECHAT_PAY_VARIABLES : []),
      ...(env.PAYMENT_PROVIDERS.includes('alipay') ? ALIPAY_VARIABLES : []),
    ];
    for (const name of paymentVariables) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'set when PAYMENT_PROVIDERS names its provider' });
    }
    const payoutVariables = [
      ...(env.PAYOUT_PROVIDERS.includes('wechat') ? WECHAT_TRANSFER_VARIABLES : []),
      ...(env.PAYOUT_PROVIDERS.includes('alipay') ? ALIPAY_VARIABLES : []),
    ].filter((name) => !(paymentVariables as readonly string[]).includes(name));
    for (const name of payoutVariables) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'set when PAYOUT_PROVIDERS names its provider' });
    }
    checkSandboxMoney(env, context);
    if (paymentVariables.length > 0 && !env.PUBLIC_URL) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'set when PAYMENT_PROVIDERS names wechat or alipay (their notification address)',
      });
    }
    if (
      (env.PAYMENT_PROVIDERS.includes('wechat') || env.PAYOUT_PROVIDERS.includes('wechat')) &&
      !(env.WECHAT_PAY_PUBLIC_KEY_ID && env.WECHAT_PAY_PUBLIC_KEY_FILE) &&
      !(env.WECHAT_PAY_PLATFORM_CERT_SERIAL && env.WECHAT_PAY_PLATFORM_CERT_FILE)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_PUBLIC_KEY_ID'],
        message: 'set with WECHAT_PAY_PUBLIC_KEY_FILE (or WECHAT_PAY_PLATFORM_CERT_SERIAL with WECHAT_PAY_PLATFORM_CERT_FILE)',
      });
    }
    const needed = { console: [], aliyun: ALIYUN_SMS_VARIABLES, tencent: TENCENT_SMS_VARIABLES }[env.SMS_DRIVER];
    for (const name of needed) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `set when SMS_DRIVER=${env.SMS_DRIVER}` });
    }
  });

/** The metrics endpoint exists only where the operator puts it: behind a token, on a port of its own, or both. */
function checkMetrics(env: { PORT: number; METRICS_PORT?: number; METRICS_HOST?: string }, context: z.core.$RefinementCtx): void {
  if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
    context.addIssue({ code: 'custom', path: ['METRICS_HOST'], message: 'set only with METRICS_PORT (the metrics listener it binds)' });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'a port other than PORT (metrics never share the public listener)',
    });
  }
}

/**
 * The official account whose openids WeChat Pay's JSAPI takes: an openid exists per AppID, so it must be the
 * AppID the JSAPI orders are made under (docs/mobile-pay.md "The payer's openid").
 */
function checkWechatOfficialAccount(
  env: { PAYMENT_PROVIDERS: readonly string[]; WECHAT_PAY_APP_ID?: string; WECHAT_MP_APP_ID?: string; WECHAT_MP_APP_SECRET?: string },
  context: z.core.$RefinementCtx,
): void {
  if (Boolean(env.WECHAT_MP_APP_ID) !== Boolean(env.WECHAT_MP_APP_SECRET)) {
    context.addIssue({ code: 'custom', path: ['WECHAT_MP_APP_SECRET'], message: 'set together with WECHAT_MP_APP_ID (both or neither)' });
  }
  if (
    env.WECHAT_MP_APP_ID &&
    env.PAYMENT_PROVIDERS.includes('wechat') &&
    env.WECHAT_PAY_APP_ID &&
    env.WECHAT_MP_APP_ID !== env.WECHAT_PAY_APP_ID
  ) {
    context.addIssue({
      code: 'custom',
      path: ['WECHAT_MP_APP_ID'],
      message: 'the AppID of WECHAT_PAY_APP_ID (JSAPI payments take openids under the AppID they are made with)',
    });
  }
}

/**
 * The sandbox takes test recharges for free and books payouts as paid while no money moves: either both
 * sides are the sandbox or neither is, so free money is never paid out for real and a real withdrawal is
 * never booked by the sandbox. A site reached beyond this machine runs it only when the operator says so.
 */
function checkSandboxMoney(
  env: { PAYMENT_PROVIDERS: readonly string[]; PAYOUT_PROVIDERS: readonly string[]; PUBLIC_URL?: string; SANDBOX_MONEY?: 'allow' },
  context: z.core.$RefinementCtx,
): void {
  const { PAYMENT_PROVIDERS: payments, PAYOUT_PROVIDERS: payouts } = env;
  const sandboxOnly = (providers: readonly string[]) => providers.length === 1 && providers[0] === 'sandbox';
  if (!payments.includes('sandbox') && !payouts.includes('sandbox')) return;
  if (!sandboxOnly(payments) || !sandboxOnly(payouts)) {
    context.addIssue({
      code: 'custom',
      path: ['PAYOUT_PROVIDERS'],
      message:
        'sandbox alone with PAYMENT_PROVIDERS=sandbox alone, or real providers only with real PAYMENT_PROVIDERS only ' +
        '(free test recharges must never be paid out as real money, nor real withdrawals booked as paid by the sandbox)',
    });
  }
  if (env.PUBLIC_URL && !isLoopbackOrigin(env.PUBLIC_URL) && env.SANDBOX_MONEY !== 'allow') {
    context.addIssue({
      code: 'custom',
      path: ['SANDBOX_MONEY'],
      message: `allow to run the payment and payout sandbox at ${env.PUBLIC_URL}, beyond this machine (anyone there recharges for free)`,
    });
  }
}

/** Whether an origin names this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * TRUST_PROXY: `true` means one proxy (the nearest hop's X-Forwarded-For entry is the client), not "trust
 * every hop", which would take the leftmost entry, one the client writes itself.
 */
function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export type Environment = z.infer<typeof environmentSchema>;

/** Every variable the server reads; `.env.example` documents each (a test holds it to that). */
export const CONFIG_VARIABLES = Object.keys(environmentSchema.shape);

export interface Config {
  env: Environment['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  redisUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  /**
   * Which hops of X-Forwarded-For to believe: false (the socket's address is the client), a number of
   * proxies in front, or their addresses. Never "all": a client could then name any address it likes.
   */
  trustProxy: false | number | string[];
  webDistDir: string | undefined;
  /** The standalone tour viewer that offline packages carry (default: packages/viewers/dist/standalone). */
  viewerDistDir: string | undefined;
  /** The demo works' files that `npm run build` renders (default: apps/server/demo). */
  demoDir: string | undefined;
  /** Whether the first start adds the demo works (false for installs that should start empty, and the journeys). */
  demoWorks: boolean;
  adminPhone: string;
  apkUrl: string;
  shutdownTimeoutMs: number;
  /** Whether this server runs background jobs itself; false when `npm run worker` processes do. */
  workerInProcess: boolean;
  /** How long a processing run stays with a worker that stopped reporting before another takes it over. */
  processingLeaseSeconds: number;
  /** The time zone whose days billing, budgets, leases, income and statistics count in (default Asia/Shanghai). */
  businessTimeZone: string;
  /** Signs verification codes; generated once and kept in the database when not set. */
  authSecret: string | undefined;
  /** The origin people reach the site at (QR links, absolute file URLs); else taken from each request. */
  publicUrl: string | undefined;
  sms: SmsConfig;
  /** How many verification codes one address (IPv6: its /64) may ask for in an hour; offices behind one NAT need more. */
  smsCodesPerAddressPerHour: number;
  payments: PaymentsConfig;
  payouts: PayoutsConfig;
  /** WeChat sign-in, when an app id and secret are configured. */
  wechat: WechatOAuthConfig | undefined;
  /** The official account's web authorization (the payer's openid for WeChat Pay's JSAPI), when configured. */
  wechatOfficialAccount: WechatOfficialAccountConfig | undefined;
  /** Files and resumable uploads in an S3-compatible bucket; local disk under DATA_DIR when undefined. */
  s3: S3StorageConfig | undefined;
  /** The Prometheus endpoint `/metrics` (docs/operations.md, "Metrics"); undefined: it does not exist. */
  metrics: MetricsConfig | undefined;
  site: Pick<
    Environment,
    | 'TJHX_API_BASE_URL'
    | 'POINT_CLOUD_API_BASE_URL'
    | 'POINT_CLOUD_LIST_URL'
    | 'MAPS_API_BASE_URL'
    | 'MAP_TILE_URL'
    | 'MAP_TILE_ATTRIBUTION'
    | 'SITE_COMPANY_NAME_ZH'
    | 'SITE_COMPANY_NAME_EN'
    | 'SITE_SERVICE_PHONE'
    | 'SITE_SERVICE_HOURS'
    | 'SITE_SOFTWARE_NOTICE_ZH'
    | 'SITE_SOFTWARE_NOTICE_EN'
    | 'SITE_CERTIFICATE_NUMBERS'
    | 'SITE_ICP_RECORD'
    | 'SITE_ICP_URL'
    | 'SITE_PSB_RECORD'
    | 'SITE_PSB_URL'
    | 'SITE_PRIVACY_URL'
  >;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} must be ${describeIssue(issue)}`));
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    viewerDistDir: env.VIEWER_DIST_DIR,
    demoDir: env.DEMO_DIR,
    demoWorks: env.DEMO_WORKS,
    adminPhone: env.ADMIN_PHONE,
    apkUrl: env.APP_APK_URL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    workerInProcess: env.WORKER_IN_PROCESS,
    processingLeaseSeconds: env.PROCESSING_LEASE_SECONDS,
    businessTimeZone: env.BUSINESS_TIME_ZONE,
    authSecret: env.AUTH_SECRET,
    publicUrl: env.PUBLIC_URL,
    sms: smsConfigOf(env),
    smsCodesPerAddressPerHour: env.SMS_CODES_PER_ADDRESS_PER_HOUR,
    payments: paymentsConfigOf(env),
    payouts: payoutsConfigOf(env),
    wechat:
      env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
        ? {
            appId: env.WECHAT_APP_ID,
            appSecret: env.WECHAT_APP_SECRET,
            authorizeUrl: env.WECHAT_AUTHORIZE_URL,
            tokenUrl: env.WECHAT_TOKEN_URL,
            userInfoUrl: env.WECHAT_USERINFO_URL,
          }
        : undefined,
    wechatOfficialAccount:
      env.WECHAT_MP_APP_ID && env.WECHAT_MP_APP_SECRET
        ? {
            appId: env.WECHAT_MP_APP_ID,
            appSecret: env.WECHAT_MP_APP_SECRET,
            authorizeUrl: env.WECHAT_MP_AUTHORIZE_URL,
            tokenUrl: env.WECHAT_TOKEN_URL,
          }
        : undefined,
    s3:
      env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    metrics: metricsConfigOf(env),
    site: env,
  };
}

/**
 * Where `/metrics` answers: with `token`, only to `Authorization: Bearer <token>`; with `listener`, on that
 * address alone (not on the public port). Neither is set by default, and then there is no endpoint at all.
 */
export interface MetricsConfig {
  token: string | undefined;
  listener: { host: string; port: number } | undefined;
}

function metricsConfigOf(env: Environment): MetricsConfig | undefined {
  if (env.METRICS_TOKEN === undefined && env.METRICS_PORT === undefined) return undefined;
  return {
    token: env.METRICS_TOKEN,
    listener: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST ?? '127.0.0.1', port: env.METRICS_PORT },
  };
}

/** Which payment providers the recharge page offers (docs/payments.md); `sandbox` is the test checkout. */
export interface PaymentsConfig {
  providers: PaymentProvider[];
  wechat?: WechatPayConfig;
  alipay?: AlipayConfig;
}

function paymentsConfigOf(env: Environment): PaymentsConfig {
  // Validation guarantees the variables of each named provider, and PUBLIC_URL, are set.
  const notifyUrl = (provider: PaymentProvider) => `${checkedValue(env, 'PUBLIC_URL')}/api/payments/${provider}/notify`;
  return {
    providers: env.PAYMENT_PROVIDERS,
    wechat: env.PAYMENT_PROVIDERS.includes('wechat')
      ? {
          ...wechatMerchantOf(env),
          appId: checkedValue(env, 'WECHAT_PAY_APP_ID'),
          apiV3Key: checkedValue(env, 'WECHAT_PAY_API_V3_KEY'),
          notifyUrl: notifyUrl('wechat'),
        }
      : undefined,
    alipay: env.PAYMENT_PROVIDERS.includes('alipay') ? { ...alipayApplicationOf(env), notifyUrl: notifyUrl('alipay') } : undefined,
  };
}

/** Who pays withdrawals out (docs/withdrawals.md); `sandbox` moves no money. */
export interface PayoutsConfig {
  providers: PayoutProvider[];
  alipay?: AlipayApplication;
  wechat?: WechatTransferConfig;
}

function payoutsConfigOf(env: Environment): PayoutsConfig {
  // Validation guarantees the variables of each named provider are set.
  return {
    providers: env.PAYOUT_PROVIDERS,
    alipay: env.PAYOUT_PROVIDERS.includes('alipay') ? alipayApplicationOf(env) : undefined,
    wechat: env.PAYOUT_PROVIDERS.includes('wechat')
      ? { ...wechatMerchantOf(env), appId: checkedValue(env, 'WECHAT_PAY_APP_ID'), transferSceneId: env.WECHAT_PAY_TRANSFER_SCENE_ID }
      : undefined,
  };
}

/** The Alipay application that both checkout and payouts sign as. */
function alipayApplicationOf(env: Environment): AlipayApplication {
  return {
    appId: checkedValue(env, 'ALIPAY_APP_ID'),
    privateKeyPem: readKeyFile('ALIPAY_PRIVATE_KEY_FILE', env),
    alipayPublicKeyPem: readKeyFile('ALIPAY_PUBLIC_KEY_FILE', env),
    gateway: env.ALIPAY_GATEWAY,
  };
}

/** The WeChat Pay merchant that both checkout and payouts sign as. */
function wechatMerchantOf(env: Environment): WechatPayMerchant {
  return {
    mchId: checkedValue(env, 'WECHAT_PAY_MCH_ID'),
    merchantSerialNo: checkedValue(env, 'WECHAT_PAY_MERCHANT_SERIAL_NO'),
    merchantPrivateKeyPem: readKeyFile('WECHAT_PAY_PRIVATE_KEY_FILE', env),
    platformPublicKeys: wechatPlatformPublicKeys(env),
    endpoint: env.WECHAT_PAY_ENDPOINT,
    // Platform-certificate mode downloads fresh certificates with it (docs/payments.md).
    apiV3Key: env.WECHAT_PAY_API_V3_KEY,
  };
}

/** A variable that validation guarantees is set once the driver or provider that needs it is chosen. */
function checkedValue(env: Environment, name: keyof Environment): string {
  return String(env[name] ?? '');
}

function wechatPlatformPublicKeys(env: Environment): Record<string, string> {
  const keys: Record<string, string> = {};
  if (env.WECHAT_PAY_PUBLIC_KEY_ID) keys[env.WECHAT_PAY_PUBLIC_KEY_ID] = readKeyFile('WECHAT_PAY_PUBLIC_KEY_FILE', env);
  if (env.WECHAT_PAY_PLATFORM_CERT_SERIAL) keys[env.WECHAT_PAY_PLATFORM_CERT_SERIAL] = readKeyFile('WECHAT_PAY_PLATFORM_CERT_FILE', env);
  return keys;
}

/** A key file a variable names, read once at boot; a missing one stops the start naming the variable. */
function readKeyFile(name: keyof Environment, env: Environment): string {
  const file = String(env[name] ?? '');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError([`${name} must be a readable key file (${file} is not)`]);
  }
}

export type SmsConfig =
  /** `devOutbox`: codes are also kept for `GET /api/dev/sms-outbox` (loopback clients only). */
  | { driver: 'console'; devOutbox: boolean }
  | { driver: 'aliyun'; aliyun: AliyunSmsConfig }
  | { driver: 'tencent'; tencent: TencentSmsConfig };

function smsConfigOf(env: Environment): SmsConfig {
  // Validation guarantees the variables of the chosen driver are set.
  switch (env.SMS_DRIVER) {
    case 'console':
      return { driver: 'console', devOutbox: env.SMS_DEV_OUTBOX };
    case 'aliyun':
      return {
        driver: 'aliyun',
        aliyun: {
          accessKeyId: checkedValue(env, 'ALIYUN_SMS_ACCESS_KEY_ID'),
          accessKeySecret: checkedValue(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
          signName: checkedValue(env, 'ALIYUN_SMS_SIGN_NAME'),
          templateCode: checkedValue(env, 'ALIYUN_SMS_TEMPLATE_CODE'),
          payoutAccountTemplateCode: env.ALIYUN_SMS_PAYOUT_ACCOUNT_TEMPLATE_CODE,
          endpoint: env.ALIYUN_SMS_ENDPOINT,
        },
      };
    case 'tencent':
      return {
        driver: 'tencent',
        tencent: {
          secretId: checkedValue(env, 'TENCENT_SMS_SECRET_ID'),
          secretKey: checkedValue(env, 'TENCENT_SMS_SECRET_KEY'),
          sdkAppId: checkedValue(env, 'TENCENT_SMS_SDK_APP_ID'),
          signName: checkedValue(env, 'TENCENT_SMS_SIGN_NAME'),
          templateId: checkedValue(env, 'TENCENT_SMS_TEMPLATE_ID'),
          payoutAccountTemplateId: env.TENCENT_SMS_PAYOUT_ACCOUNT_TEMPLATE_ID,
          region: env.TENCENT_SMS_REGION,
          endpoint: env.TENCENT_SMS_ENDPOINT,
        },
      };
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `at least ${String(issue.minimum)}`;
    case 'too_big':
      return `at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return `a valid ${issue.expected}`;
    case 'invalid_format':
      return issue.format === 'regex' ? issue.message : `a valid ${issue.format}`;
    default:
      return issue.message;
  }
}
