import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'db') });
    expect(config.redisUrl).toBeUndefined();
    expect(config.sms).toEqual({ driver: 'console', devOutbox: false });
    expect(config.demoWorks).toBe(true);
  });

  it('starts without demo works on request', () => {
    expect(loadConfig({ DEMO_WORKS: 'false' }).demoWorks).toBe(false);
    expect(() => loadConfig({ DEMO_WORKS: 'no' })).toThrow('DEMO_WORKS');
  });

  it('counts days in Beijing unless told another IANA time zone, and refuses offsets and unknown names', () => {
    expect(loadConfig({}).businessTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/Berlin' }).businessTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: '+08:00' })).toThrow(
      'BUSINESS_TIME_ZONE must be an IANA time zone name such as Asia/Shanghai',
    );
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Asia/Beijing' })).toThrow('BUSINESS_TIME_ZONE');
  });

  it('opens the SMS outbox only on request, and only for the console driver', () => {
    expect(loadConfig({ SMS_DEV_OUTBOX: 'true' }).sms).toEqual({ driver: 'console', devOutbox: true });
    expect(() => loadConfig({ SMS_DEV_OUTBOX: 'true', SMS_DRIVER: 'aliyun' })).toThrow(
      'SMS_DEV_OUTBOX must be true only with SMS_DRIVER=console',
    );
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/spatia' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/spatia', poolSize: 20 });
  });

  it('lists every bad variable in one message', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('PORT must be a valid number');
    expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
    expect(message).toMatch(/LOG_LEVEL must be one of fatal, error, warn, info/);
  });

  it('asks for the credentials of the chosen SMS driver, and for WeChat id and secret together', () => {
    expect(() => loadConfig({ SMS_DRIVER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_SECRET must be set when SMS_DRIVER=aliyun; ALIYUN_SMS_SIGN_NAME must be set when SMS_DRIVER=aliyun/,
    );
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow('WECHAT_APP_SECRET must be set together with WECHAT_APP_ID');
    const tencent = loadConfig({
      SMS_DRIVER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400',
      TENCENT_SMS_SIGN_NAME: 'Spatia',
      TENCENT_SMS_TEMPLATE_ID: '1',
    });
    expect(tencent.sms).toMatchObject({ driver: 'tencent', tencent: { region: 'ap-guangzhou', endpoint: 'sms.tencentcloudapi.com' } });
  });

  it('takes S3 all or nothing: local disk without it, every S3_* variable named when one is missing', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'spatia', S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_REGION must be set together with the other S3_\* variables \(all or none\); S3_ACCESS_KEY_ID must be .*; S3_SECRET_ACCESS_KEY must be/,
    );
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET must be set together/);
    const s3 = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'spatia-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    }).s3;
    expect(s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'spatia-files',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('takes the sandbox by default, and asks for each named provider’s credentials, keys and PUBLIC_URL', () => {
    expect(loadConfig({}).payments).toEqual({ providers: ['sandbox'], wechat: undefined, alipay: undefined });
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'sandbox,paypal' })).toThrow(/PAYMENT_PROVIDERS/);
    const wechat = () => loadConfig({ PAYMENT_PROVIDERS: 'wechat', WECHAT_PAY_APP_ID: 'wx1' });
    expect(wechat).toThrow(/WECHAT_PAY_MCH_ID must be set when PAYMENT_PROVIDERS names its provider/);
    expect(wechat).toThrow(/PUBLIC_URL must be set when PAYMENT_PROVIDERS names wechat or alipay/);
    expect(wechat).toThrow(/WECHAT_PAY_PUBLIC_KEY_ID must be set with WECHAT_PAY_PUBLIC_KEY_FILE/);
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'wx1' })).toThrow('WECHAT_MP_APP_SECRET must be set together with WECHAT_MP_APP_ID');
    expect(() =>
      loadConfig({ PAYMENT_PROVIDERS: 'wechat', WECHAT_PAY_APP_ID: 'wx1', WECHAT_MP_APP_ID: 'wx2', WECHAT_MP_APP_SECRET: 's' }),
    ).toThrow('WECHAT_MP_APP_ID must be the AppID of WECHAT_PAY_APP_ID');
    expect(loadConfig({ WECHAT_MP_APP_ID: 'wx2', WECHAT_MP_APP_SECRET: 's' }).wechatOfficialAccount).toEqual({
      appId: 'wx2',
      appSecret: 's',
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    });
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDERS: 'alipay',
        PAYOUT_PROVIDERS: 'alipay',
        PUBLIC_URL: 'https://spatia.example.com',
        ALIPAY_APP_ID: '2021',
        ALIPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem',
        ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay.pem',
      }),
    ).toThrow('ALIPAY_PRIVATE_KEY_FILE must be a readable key file (/nonexistent/key.pem is not)');
  });

  it('pays withdrawals out through the sandbox by default, and asks for each named payout provider’s credentials', () => {
    expect(loadConfig({}).payouts).toEqual({ providers: ['sandbox'], alipay: undefined, wechat: undefined });
    expect(() => loadConfig({ PAYOUT_PROVIDERS: 'bank' })).toThrow(/PAYOUT_PROVIDERS/);
    const wechat = () => loadConfig({ PAYOUT_PROVIDERS: 'wechat', WECHAT_PAY_APP_ID: 'wx1' });
    expect(wechat).toThrow(/WECHAT_PAY_MCH_ID must be set when PAYOUT_PROVIDERS names its provider/);
    expect(wechat).toThrow(/WECHAT_PAY_PUBLIC_KEY_ID must be set with WECHAT_PAY_PUBLIC_KEY_FILE/);
    // Transfers are asked about, not notified: neither the APIv3 key nor PUBLIC_URL is needed for them.
    expect(wechat).not.toThrow(/WECHAT_PAY_API_V3_KEY|PUBLIC_URL/);
    expect(() => loadConfig({ WECHAT_PAY_TRANSFER_SCENE_ID: 'cash' })).toThrow(/WECHAT_PAY_TRANSFER_SCENE_ID/);
    expect(() =>
      loadConfig({ PAYOUT_PROVIDERS: 'alipay,sandbox', ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }),
    ).toThrow(/ALIPAY_PUBLIC_KEY_FILE must be set when PAYOUT_PROVIDERS names its provider/);
  });

  describe('the sandbox, which moves no real money', () => {
    const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY_FILE: '/k.pem', ALIPAY_PUBLIC_KEY_FILE: '/a.pem' };
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    const mixed =
      /^PAYOUT_PROVIDERS must be sandbox alone with PAYMENT_PROVIDERS=sandbox alone, or real providers only with real PAYMENT_PROVIDERS only/;

    it('never pays real money out of free test recharges, nor books real withdrawals as paid', () => {
      // Free recharges, withdrawn through Alipay.
      expect(problemsOf({ PAYOUT_PROVIDERS: 'alipay', ...alipay })).toEqual([expect.stringMatching(mixed)]);
      expect(
        problemsOf({ PAYMENT_PROVIDERS: 'sandbox,alipay', PAYOUT_PROVIDERS: 'alipay', PUBLIC_URL: 'http://localhost', ...alipay }),
      ).toEqual([expect.stringMatching(mixed)]);
      // Real recharges, withdrawn through the sandbox: booked as paid while no money leaves.
      // Even with the opt-in: it allows a test site, never a mixed one.
      const realPaidBySandbox = {
        PAYMENT_PROVIDERS: 'alipay',
        PUBLIC_URL: 'https://spatia.example.com',
        SANDBOX_MONEY: 'allow',
        ...alipay,
      };
      expect(problemsOf({ ...realPaidBySandbox, PAYOUT_PROVIDERS: 'sandbox' })).toEqual([expect.stringMatching(mixed)]);
      expect(problemsOf({ ...realPaidBySandbox, PAYOUT_PROVIDERS: 'alipay,sandbox' })).toEqual([expect.stringMatching(mixed)]);
      // One line for the whole start, naming both variables.
      expect(() => loadConfig({ PAYOUT_PROVIDERS: 'alipay', ...alipay })).toThrow(/PAYOUT_PROVIDERS must .*PAYMENT_PROVIDERS/);
      // Sandbox on both sides, or on neither, starts (the real one stops later, at its missing key files).
      expect(problemsOf({})).toEqual([]);
      expect(() => loadConfig({ ...realPaidBySandbox, PAYOUT_PROVIDERS: 'alipay' })).toThrow(
        /ALIPAY_PRIVATE_KEY_FILE must be a readable key file/,
      );
    });

    it('runs beyond this machine only when SANDBOX_MONEY=allow says so', () => {
      const publicSite = { PUBLIC_URL: 'https://spatia.example.com' };
      expect(problemsOf(publicSite)).toEqual([
        'SANDBOX_MONEY must be allow to run the payment and payout sandbox at https://spatia.example.com, beyond this machine (anyone there recharges for free)',
      ]);
      expect(problemsOf({ PUBLIC_URL: 'http://192.168.1.20:8080' })).toEqual([expect.stringMatching(/^SANDBOX_MONEY must be allow/)]);
      expect(problemsOf({ ...publicSite, SANDBOX_MONEY: 'yes' })).toEqual([expect.stringMatching(/^SANDBOX_MONEY must be one of allow/)]);
      expect(loadConfig({ ...publicSite, SANDBOX_MONEY: 'allow' }).payments.providers).toEqual(['sandbox']);
      for (const origin of [
        'http://localhost:8080',
        'http://127.0.0.1',
        'http://127.8.0.1:3000',
        'http://[::1]:8080',
        'http://app.localhost',
      ]) {
        expect(problemsOf({ PUBLIC_URL: origin }), origin).toEqual([]);
      }
    });
  });

  it('has no metrics endpoint unless a token or a port of its own is set', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    const token = 'a'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, listener: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, listener: { host: '127.0.0.1', port: 9464 } });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token }).metrics).toEqual({
      token,
      listener: { host: '10.0.0.5', port: 9464 },
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 24 printable ASCII characters');
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow('METRICS_HOST must be set only with METRICS_PORT');
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow('METRICS_PORT must be a port other than PORT');
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow('METRICS_PORT');
  });

  it('takes a map tile URL only with {z}, {x} and {y} in it, in any order', () => {
    expect(loadConfig({ MAP_TILE_URL: 'http://10.0.0.5:8080/tiles?x={x}&y={y}&z={z}' }).site.MAP_TILE_URL).toBe(
      'http://10.0.0.5:8080/tiles?x={x}&y={y}&z={z}',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/style.json' })).toThrow(
      /MAP_TILE_URL must be an http\(s\) URL of raster tiles/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: '{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads', () => {
    const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
    const undocumented = CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example));
    expect(undocumented).toEqual([]);
  });
});
