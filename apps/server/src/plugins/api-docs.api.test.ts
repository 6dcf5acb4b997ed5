import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../test/shared-test-app.js';

const testApp = sharedTestApp();

describe('API description', () => {
  it('/api/openapi.json describes every endpoint, with the token scheme on guarded ones', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/admin/permissions/tree',
        '/api/admin/users/{uid}/permissions',
        '/api/admin/users',
        '/api/admin/users/{uid}',
        '/api/admin/users/{uid}/disable',
        '/api/admin/users/{uid}/enable',
        '/api/admin/users/{uid}/roles',
        '/api/admin/users/{uid}/enterprise',
        '/api/admin/users/{uid}/signOutEverywhere',
        '/api/admin/log',
        '/api/admin/membership/applications',
        '/api/admin/membership/applications/{id}/approve',
        '/api/admin/membership/applications/{id}/reject',
        '/api/admin/membership/versions',
        '/api/admin/membership/versions/{id}',
        '/api/admin/memberships/{userUid}/revoke',
        '/api/admin/overview',
        '/api/admin/sensitiveWords',
        '/api/admin/sensitiveWords/import',
        '/api/c/membership',
        '/api/c/membership/applications/{id}/withdraw',
        '/api/c/membership/apply',
        '/api/c/upload',
        '/api/membership/versions',
        '/api/membership/versions/{id}',
        '/api/admin/identity/applications',
        '/api/admin/identity/applications/{id}/approve',
        '/api/admin/identity/applications/{id}/reject',
        '/api/authIdentity/{id}/detail',
        '/api/authIdentity/{ids}/details',
        '/api/c/applyIdentity/{id}',
        '/api/c/authRecord/{id}',
        '/api/c/uploadBusinessCard',
        '/api/open/permissions/catalogue',
        '/api/c/logout',
        '/api/c/flowRecharge/plans',
        '/api/c/flowRecharge/nativePayNow',
        '/api/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery',
        '/api/client/{id}/balance/stat',
        '/api/client/{id}/lease',
        '/api/client/{id}/purchaseTimeBalance',
        '/api/admin/billing',
        '/api/admin/billing/prices',
        '/api/admin/billing/rechargePlans',
        '/api/payments/{provider}/notify',
        '/api/payments/sandbox/checkout/{orderNo}',
        '/api/payments/sandbox/checkout/{orderNo}/pay',
        '/api/c/orders',
        '/api/c/orders/export',
        '/api/revenue/stat',
        '/api/c/notifications',
        '/api/c/notifications/readAll',
        '/api/c/notifications/unreadCount',
        '/api/c/notifications/{id}/read',
        '/api/c/password',
        '/api/c/register',
        '/api/c/sessions',
        '/api/c/sessions/revokeOthers',
        '/api/c/sessions/{id}',
        '/api/c/smsLogin',
        '/api/c/smsLogin/verifyCode',
        '/api/c/enterpriseLogoUploadCredentials',
        '/api/c/my/info',
        '/api/c/my/overview',
        '/api/c/profile',
        '/api/client/checkPhoneNumber',
        '/api/client/forgetPwd/verifyCode',
        '/api/client/login',
        '/api/client/register/verifyCode',
        '/api/client/renewPwd',
        '/api/client/{uid}/avatar/uploadCredentials',
        '/api/client/{uid}/info',
        '/api/dev/billing/{day}',
        '/api/dev/sms-outbox',
        '/api/health',
        '/api/open/c/zhipaiApp',
        '/api/open/siteConfig',
        '/api/qrcode/confirm',
        '/api/qrcode/login',
        '/api/qrcode/scan',
        '/api/sensitiveWordArray',
        '/api/uploads/{token}',
        '/api/audit/models',
        '/api/audit/models/{uid}/claim',
        '/api/audit/models/{uid}/decision',
        '/api/fe/client/{id}/models',
        '/api/model',
        '/api/model/batchDeleteLogically',
        '/api/model/recycleBin',
        '/api/model/{id}',
        '/api/model/{id}/activateSolver',
        '/api/model/{id}/copy',
        '/api/model/{id}/coverVideo/uploadCredentials',
        '/api/model/{id}/measurements',
        '/api/model/{id}/music/uploadCredentials',
        '/api/model/{id}/offlinePackage',
        '/api/model/{id}/offlinePackage/ticket',
        '/api/model/{id}/onLined',
        '/api/model/{id}/origin/SLR/uploadCredentials',
        '/api/model/{id}/origin/uploadCredentials',
        '/api/model/{id}/pointCloud/las',
        '/api/model/{id}/pointCloud/las/ticket',
        '/api/model/{id}/processing',
        '/api/model/{id}/reset',
        '/api/model/{id}/scene',
        '/api/model/{id}/tour',
        '/api/model/{id}/traffic',
        '/api/model/{id}/uploadCredentials',
        '/api/model/{id}/verify',
        '/api/model/{id}/views',
        '/api/model/{uid}',
        '/api/model/{uid}/assets/{assetId}',
        '/api/model/{uid}/attr',
        '/api/model/{uid}/audit',
        '/api/model/{uid}/budget',
        '/api/model/{uid}/distribute',
        '/api/model/{uid}/market',
        '/api/model/{uid}/purge',
        '/api/model/{uid}/restore',
        '/api/model/{uid}/sellTo',
        '/api/model/{uid}/share',
        '/api/model/{uid}/tag/{tag}',
        '/api/pointClouds',
        '/api/showcase',
        '/api/transfers/received',
        '/api/transfers/sent',
        '/api/transfers/{id}/confirm',
        '/api/transfers/{id}/reject',
        '/api/transfers/{id}/withdraw',
        '/api/transfers/{id}/work',
        '/api/c/withdraw',
        '/api/c/withdraw/options',
        '/api/c/withdraw/accounts/{channel}',
        '/api/c/withdraw/records',
        '/api/c/withdraw/records/{id}',
        '/api/admin/withdrawals',
        '/api/admin/withdrawals/{id}/approve',
        '/api/admin/withdrawals/{id}/reject',
      ].sort(),
    );
    expect(document.paths['/api/client/{uid}/info']?.get?.security).toEqual([{ token: [] }]);
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();
  });

  it('names each operation’s rule in x-auth (docs/access.md; route-rules.api.test.ts checks all of them have one)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const rules = response.json<{ paths: Record<string, Record<string, { 'x-auth'?: string }>> }>().paths;
    expect(rules['/api/health']?.get?.['x-auth']).toBe('public');
    expect(rules['/api/client/{uid}/info']?.get?.['x-auth']).toBe('signedIn');
    expect(rules['/api/admin/permissions/tree']?.get?.['x-auth']).toBe('role:admin');
    expect(rules['/api/c/profile']?.get?.['x-auth']).toBe('permission:161');
    expect(rules['/api/c/withdraw']?.post?.['x-auth']).toBe('permission:35');
    expect(rules['/api/admin/withdrawals/{id}/approve']?.post?.['x-auth']).toBe('role:admin');
  });

  it('/api/docs serves the browsable documentation', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
