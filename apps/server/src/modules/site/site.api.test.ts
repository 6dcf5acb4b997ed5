import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    APP_APK_URL: 'https://downloads.example.com/spatia-capture.apk',
    SITE_SERVICE_PHONE: '400-123-4567',
    SITE_CERTIFICATE_NUMBERS: '软著登字第0001号, 软著登字第0002号',
    SITE_ICP_RECORD: '沪ICP备00000000号-1',
    SITE_ICP_URL: 'https://beian.miit.gov.cn/',
    POINT_CLOUD_API_BASE_URL: 'https://slices.example.com:8443/api',
    POINT_CLOUD_LIST_URL: 'https://slices.example.com/list',
    DATABASE_POOL_SIZE: '5',
  });
});
afterAll(() => testApp.close());

describe('public site settings', () => {
  it('GET /api/open/c/zhipaiApp returns the configured apkUrl without a token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/open/c/zhipaiApp' });
    expect(json(response)).toEqual({ code: 0, msg: 'ok', data: { apkUrl: 'https://downloads.example.com/spatia-capture.apk' } });
  });

  it('GET /api/open/siteConfig returns only the allow-listed footer and API settings', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/open/siteConfig' });
    const data = json<{ data: Record<string, unknown> }>(response).data;
    expect(data).toMatchObject({
      servicePhone: '400-123-4567',
      serviceHours: '9:00-17:00',
      certificateNumbers: ['软著登字第0001号', '软著登字第0002号'],
      registrationLinks: [{ label: { zh: '沪ICP备00000000号-1', en: '沪ICP备00000000号-1' }, url: 'https://beian.miit.gov.cn/' }],
      wechatLogin: false,
      apiBaseUrls: { main: '/api', tjhx: '/api', pointCloud: 'https://slices.example.com:8443/api', maps: '' },
      pointCloudListUrl: 'https://slices.example.com/list',
    });
    expect(JSON.stringify(data)).not.toMatch(/DATA_DIR|DATABASE|postgres:|REDIS/);
  });

  it('lets pages reach a separately hosted API in the content security policy', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/dashboard/dashboard' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' blob: https://slices.example.com:8443");
  });

  it('locks JSON answers down with a fixed header set', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
