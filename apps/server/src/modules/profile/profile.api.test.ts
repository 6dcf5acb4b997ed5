import { ErrorCode, Permission, AuthErrors, UploadErrors } from '@spatia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp, type TestUser } from '../../test/test-app.js';

let testApp: TestApp;
let member: TestUser;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: 'https://spatia.test' });
  member = await createUser(testApp.app, { menus: [Permission.userInformation], name: 'Member' });
  token = await signIn(testApp.app, member);
});
afterAll(() => testApp.close());

const png = (width: number, height: number, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function get(url: string, as = token) {
  return testApp.app.inject({ method: 'GET', url, headers: authHeaders(as) });
}

/** The bytes of uploads in one request the metrics counted so far. */
async function directUploadBytesCounted(): Promise<number> {
  const { text } = await testApp.app.services.metrics.exposition();
  return Number(/^spatia_upload_received_bytes_total\{via="direct"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

async function upload(uploadUrl: string, body: Buffer, contentType = 'image/png', as = token) {
  return testApp.app.inject({ method: 'PUT', url: uploadUrl, headers: { ...authHeaders(as), 'content-type': contentType }, payload: body });
}

describe('GET /api/c/profile and /api/c/my/overview', () => {
  it('returns my profile, with the inviter when there is one', async () => {
    const response = await get('/api/c/profile');
    expect(json(response).data).toMatchObject({
      uid: member.uid,
      name: 'Member',
      phone: member.phone,
      isEnterprise: false,
      hasPassword: true,
      inviter: null,
    });
    expect(json<{ data: { inviteCode: string } }>(response).data.inviteCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('needs permission 161 for the profile, but not for the overview', async () => {
    // No role: every role's defaults include 161 (docs/access.md).
    const without = await createUser(testApp.app, { roles: [], menus: [] });
    const withoutToken = await signIn(testApp.app, without);
    expect((await get('/api/c/profile', withoutToken)).statusCode).toBe(403);
    const overview = await get('/api/c/my/overview', withoutToken);
    expect(json(overview).data).toMatchObject({ works: { total: 0 }, followers: 0, following: 0, balance: 0 });

    // The balance is the ledger's: a top-up booked there shows here.
    const { ledger } = testApp.app.services;
    await ledger.openSystemAccount('system:payments');
    await ledger.openUserAccounts(without.id);
    await ledger.post({
      reference: `test-topup-${without.id}`,
      kind: 'topup',
      entries: [
        { account: 'system:payments', amount: -12_345 },
        { account: `user:${without.id}:balance`, amount: 12_345 },
      ],
    });
    expect(json(await get('/api/c/my/overview', withoutToken)).data).toMatchObject({ balance: 12_345 });
  });
});

describe('PATCH /api/client/:uid/info', () => {
  it('renames me (form body), and the user info shows it', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/client/${member.uid}/info`,
      headers: { ...authHeaders(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fullName=%E6%96%B0%E5%90%8D%E5%AD%97',
    });
    expect(response.statusCode).toBe(200);
    expect(json(await get(`/api/client/${member.uid}/info`)).data).toMatchObject({ name: '新名字' });
  });

  it("refuses someone else's uid and a name over 20 characters", async () => {
    const other = await createUser(testApp.app, { menus: [Permission.userInformation] });
    const foreign = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/client/${other.uid}/info`,
      headers: authHeaders(token),
      payload: { fullName: 'x' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign).code).toBe(AuthErrors.notYourAccount.code);
    const long = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/client/${member.uid}/info`,
      headers: authHeaders(token),
      payload: { fullName: 'x'.repeat(21) },
    });
    expect(json(long).code).toBe(ErrorCode.validation);
  });
});

describe('avatar upload', () => {
  it('takes a one-time grant, re-encodes the image square, and changes the avatar URL every time', async () => {
    const urls: string[] = [];
    for (const [width, height, red] of [
      [900, 600, 200],
      [300, 300, 20],
    ] as const) {
      const grant = json<{ data: { uploadUrl: string; accept: string[]; maxBytes: number } }>(
        await get(`/api/client/${member.uid}/avatar/uploadCredentials`),
      ).data;
      expect(grant.accept).toEqual(['image/png', 'image/jpeg', 'image/webp']);
      const image = await png(width, height, red);
      const bytesBefore = await directUploadBytesCounted();
      const uploaded = await upload(grant.uploadUrl, image);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(await directUploadBytesCounted()).toBe(bytesBefore + image.length);
      urls.push(json<{ data: { url: string } }>(uploaded).data.url);
      const again = await upload(grant.uploadUrl, await png(10, 10));
      expect(json(again).code).toBe(UploadErrors.uploadGrantInvalid.code);
    }
    expect(urls[0]).not.toBe(urls[1]);
    expect(urls[1]).toMatch(new RegExp(`^/files/avatars/${member.uid}/[0-9a-f]{20}\\.webp$`));
    expect(json(await get(`/api/client/${member.uid}/info`)).data).toMatchObject({ avatarUrl: urls[1] });

    const file = await testApp.app.inject({ method: 'GET', url: urls[0]! });
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([512, 512]);
  });

  it('judges the file by its bytes, not its declared type', async () => {
    const grant = json<{ data: { uploadUrl: string } }>(await get(`/api/client/${member.uid}/avatar/uploadCredentials`)).data;
    const fake = await upload(grant.uploadUrl, Buffer.from('<html>not an image</html>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(json(fake).code).toBe(UploadErrors.unsupportedImage.code);
  });

  it("does not let anyone else use my grant, or ask for a grant for someone else's avatar", async () => {
    const other = await createUser(testApp.app, { menus: [Permission.userInformation] });
    const otherToken = await signIn(testApp.app, other);
    const grant = json<{ data: { uploadUrl: string } }>(await get(`/api/client/${member.uid}/avatar/uploadCredentials`)).data;
    const stolen = await upload(grant.uploadUrl, await png(50, 50), 'image/png', otherToken);
    expect(json(stolen).code).toBe(UploadErrors.uploadGrantInvalid.code);
    expect((await get(`/api/client/${member.uid}/avatar/uploadCredentials`, otherToken)).statusCode).toBe(403);
    expect((await upload(grant.uploadUrl, await png(50, 50), 'image/png', '')).statusCode).toBe(401);
  });
});

describe('enterprise logo', () => {
  it('is only for enterprise accounts', async () => {
    const response = await get('/api/c/enterpriseLogoUploadCredentials');
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe(UploadErrors.notEnterprise.code);
  });

  it('uploads to an absolute https URL that PUT /api/c/my/info accepts, and refuses foreign URLs', async () => {
    const enterprise = await createUser(testApp.app, { menus: [Permission.userInformation] });
    await testApp.app.services.database.db.execute(
      (await import('drizzle-orm')).sql`update users set business_role_code = 'enterprise' where uid = ${enterprise.uid}`,
    );
    const enterpriseToken = await signIn(testApp.app, enterprise);
    const grant = json<{ data: { uploadUrl: string } }>(await get('/api/c/enterpriseLogoUploadCredentials', enterpriseToken)).data;
    const uploaded = await upload(grant.uploadUrl, await png(1600, 400), 'image/png', enterpriseToken);
    const { url } = json<{ data: { url: string } }>(uploaded).data;
    expect(url).toMatch(new RegExp(`^https://spatia\\.test/files/logos/${enterprise.uid}/[0-9a-f]{20}\\.png$`));

    const foreign = await testApp.app.inject({
      method: 'PUT',
      url: '/api/c/my/info',
      headers: authHeaders(enterpriseToken),
      payload: { enterpriseLogoUrl: 'https://evil.example/logo.png' },
    });
    expect(json(foreign).code).toBe(UploadErrors.invalidLogoUrl.code);
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/api/c/my/info',
      headers: authHeaders(enterpriseToken),
      payload: { enterpriseLogoUrl: url },
    });
    expect(set.statusCode).toBe(200);
    expect(json(await get(`/api/client/${enterprise.uid}/info`, enterpriseToken)).data).toMatchObject({ enterpriseLogoUrl: url });
    expect(json(await get('/api/c/profile', enterpriseToken)).data).toMatchObject({ isEnterprise: true, enterpriseLogoUrl: url });
  });
});
