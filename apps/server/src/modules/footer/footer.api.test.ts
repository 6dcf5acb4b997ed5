import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { publicSiteConfig } from './footer.service.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    APP_APK_URL: 'https://downloads.example.com/spatia-capture.apk',
    SITE_SERVICE_PHONE: '400-123-4567',
    SITE_CERTIFICATE_NUMBERS: '软著登字第0001号, 软著登字第0002号',
    SITE_ICP_RECORD: '沪ICP备00000000号-1',
    SITE_PSB_RECORD: '沪公网安备31010402000001号',
    MAP_TILE_URL: 'http://tiles.example.com:8080/osm/{z}/{x}/{y}.png',
    POINT_CLOUD_API_BASE_URL: 'https://slices.example.com:8443/api',
    POINT_CLOUD_LIST_URL: 'https://slices.example.com/list',
    DATABASE_POOL_SIZE: '5',
  });
});
afterAll(() => testApp.close());

describe('public site settings', () => {
  it('GET /api/open/c/zhipaiApp returns the configured apkUrl without a token, and the QR code opens it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/open/c/zhipaiApp' });
    const apkUrl = 'https://downloads.example.com/spatia-capture.apk';
    expect(json(response)).toEqual({ code: 0, msg: 'ok', data: { apkUrl, downloadUrl: apkUrl } });
  });

  it('GET /api/open/siteConfig returns only the allow-listed footer and API settings', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/open/siteConfig' });
    const data = json<{ data: Record<string, unknown> }>(response).data;
    expect(data).toMatchObject({
      servicePhone: '400-123-4567',
      serviceHours: '9:00-17:00',
      certificateNumbers: ['软著登字第0001号', '软著登字第0002号'],
      // Both filing systems' own addresses unless configured; the public-security one names the record.
      registrationLinks: [
        { label: { zh: '沪ICP备00000000号-1', en: '沪ICP备00000000号-1' }, url: 'https://beian.miit.gov.cn/' },
        {
          label: { zh: '沪公网安备31010402000001号', en: '沪公网安备31010402000001号' },
          url: 'https://beian.mps.gov.cn/#/query/webSearch?code=31010402000001',
        },
      ],
      wechatLogin: false,
      apiBaseUrls: { main: '/api', tjhx: '/api', pointCloud: 'https://slices.example.com:8443/api', maps: '' },
      map: { tileUrl: 'http://tiles.example.com:8080/osm/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') },
      pointCloudListUrl: 'https://slices.example.com/list',
      // The tests pay through the sandbox: the pages say they are a test site.
      sandboxMoney: true,
    });
    expect(JSON.stringify(data)).not.toMatch(/DATA_DIR|DATABASE|postgres:|REDIS/);
  });

  it('lets pages reach a separately hosted API and the configured map tile server in the content security policy', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/dashboard/dashboard' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' blob: https: https://slices.example.com:8443 http://tiles.example.com:8080;");
    expect(policy).toMatch(/img-src [^;]* http:\/\/tiles\.example\.com:8080;/);
  });

  it('tells the pages the site takes real money once neither payments nor payouts go through the sandbox', () => {
    const config = loadConfig({});
    const live = { ...config, payments: { providers: ['alipay' as const] }, payouts: { providers: ['alipay' as const] } };
    expect(publicSiteConfig(live).sandboxMoney).toBe(false);
    expect(publicSiteConfig(config).sandboxMoney).toBe(true);
  });

  it('locks JSON answers down with a fixed header set', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('public site settings of an install that set only its address', () => {
  let installed: TestApp;
  beforeAll(async () => {
    installed = await createTestApp({ PUBLIC_URL: 'https://spatia.example.com' });
  });
  afterAll(() => installed.close());

  it('sends the download QR code to the site’s own download page', async () => {
    const response = await installed.app.inject({ method: 'GET', url: '/api/open/c/zhipaiApp' });
    expect(json(response)).toEqual({ code: 0, msg: 'ok', data: { apkUrl: '', downloadUrl: 'https://spatia.example.com/mobile/download' } });
  });

  it('shows OpenStreetMap in the map picker, which the content security policy allows', async () => {
    const config = json<{ data: { map: { tileUrl: string }; certificateNumbers: string[]; registrationLinks: unknown[] } }>(
      await installed.app.inject({ method: 'GET', url: '/api/open/siteConfig' }),
    ).data;
    expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const page = await installed.app.inject({ method: 'GET', url: '/dashboard/dashboard' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' blob: https: https://tile.openstreetmap.org;");
    // Nothing of the footer's filings until the operator has them.
    expect(config).toMatchObject({ certificateNumbers: [], registrationLinks: [] });
  });
});
