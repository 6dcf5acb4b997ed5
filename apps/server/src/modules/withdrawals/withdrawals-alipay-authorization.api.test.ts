import {
  AlipayAuthorizationErrors,
  WithdrawalStepUpErrors,
  type AlipayAuthorizationStart,
  type PayoutAccount,
  type WithdrawalOptions,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayOauthDriver, type AlipayAuthorizationDriver } from '../../drivers/oauth/alipay-authorization.js';
import { AlipayPayoutDriver } from '../../drivers/payouts/alipay-payout.js';
import { PayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
import { startAlipayStandIn, type AlipayStandIn } from '../../test/alipay-stand-in.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { WithdrawalSettingsRepository } from './withdrawal-settings.repository.js';
import { WithdrawalStepUp } from './withdrawal-step-up.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

/** Binding Alipay by authorization (docs/withdrawals.md "Binding Alipay by authorization"). */

let testApp: TestApp;
let walletless: Person;

beforeAll(async () => {
  ({ testApp, walletless } = await appWithPeople({ walletless: { roles: [] } }));
});
afterAll(() => testApp.close());

type Response = Awaited<ReturnType<Person['call']>>;
const failure = (response: Response) => [response.statusCode, json(response).code];

const start = (who: Person, body: Record<string, unknown> = {}) =>
  who.call('POST', '/api/c/withdraw/alipay/authorization', { realName: '王小明', password: who.password, ...body });
const complete = (who: Person, authCode: string, state: string) =>
  who.call('POST', '/api/c/withdraw/alipay/authorization/complete', { authCode, state });

/** Starts, follows the sandbox page's approve link as the browser would, and answers its auth_code and state. */
async function approveOnSandbox(who: Person): Promise<{ authCode: string; state: string }> {
  const started = await start(who);
  expect(started.statusCode, started.body).toBe(200);
  const { url, sandbox } = dataOf<AlipayAuthorizationStart>(started);
  expect(sandbox).toBe(true);
  const page = await testApp.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Sandbox');
  const approve = /class="approve" href="([^"]+)"/.exec(page.body)![1]!.replaceAll('&#38;', '&');
  const returned = new URL(approve, 'http://site.test');
  expect(returned.pathname).toBe('/alipayAuthorization');
  return { authCode: returned.searchParams.get('auth_code')!, state: returned.searchParams.get('state')! };
}

describe('binding Alipay by authorization with the sandbox driver', () => {
  it('starts with the proof, approves on the sandbox page and binds the Alipay user id; a reload answers the same account', async () => {
    const who = await person(testApp.app, { name: '王授权' });
    const { authCode, state } = await approveOnSandbox(who);
    const bound = await complete(who, authCode, state);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(dataOf<PayoutAccount>(bound)).toMatchObject({ channel: 'alipay', realName: '*小明' });
    const options = dataOf<WithdrawalOptions>(await who.call('GET', '/api/c/withdraw/options'));
    expect(options.accounts).toEqual([expect.objectContaining({ channel: 'alipay', account: dataOf<PayoutAccount>(bound).account })]);
    // The return page reloaded: the same account, nothing bound twice.
    const again = await complete(who, authCode, state);
    expect(again.statusCode).toBe(200);
    expect(dataOf<PayoutAccount>(again).updatedAt).toBe(dataOf<PayoutAccount>(bound).updatedAt);
    // Unbound with the existing call: the old state binds nothing again.
    expect((await who.call('DELETE', '/api/c/withdraw/accounts/alipay')).statusCode).toBe(200);
    expect(failure(await complete(who, authCode, state))).toEqual([409, AlipayAuthorizationErrors.alipayAuthorizationStateUnknown.code]);
  });

  it('asks for the step-up proof and the real name, and needs the wallet permission', async () => {
    const who = await person(testApp.app);
    expect(failure(await start(who, { password: undefined }))).toEqual([400, WithdrawalStepUpErrors.stepUpProofRequired.code]);
    expect(failure(await start(who, { password: 'Wrong#guess1' }))).toEqual([400, WithdrawalStepUpErrors.stepUpPasswordWrong.code]);
    expect((await start(who, { realName: '   ' })).statusCode).toBe(400);
    expect((await start(walletless)).statusCode).toBe(403);
    expect((await complete(walletless, 'SBX2088000000000001', 'x')).statusCode).toBe(403);
  });

  it('refuses a wrong, another person’s, a reused and an expired state', async () => {
    const who = await person(testApp.app);
    const other = await person(testApp.app);
    const { authCode, state } = await approveOnSandbox(who);
    const unknown = AlipayAuthorizationErrors.alipayAuthorizationStateUnknown.code;
    expect(failure(await complete(who, authCode, 'not-a-state'))).toEqual([409, unknown]);
    expect(failure(await complete(other, authCode, state))).toEqual([409, unknown]);
    expect((await complete(who, authCode, state)).statusCode).toBe(200);
    // Used: a second binding with it (another code) answers only the account it bound, never binds another.
    const reused = await complete(who, 'SBX2088999999999999', state);
    expect(dataOf<PayoutAccount>(reused).account).not.toContain('9999');

    const late = await approveOnSandbox(who);
    await testApp.app.services.database.db.execute(
      sql`update alipay_authorizations set expires_at = now() - interval '1 second' where user_id = ${who.id} and completed_at is null`,
    );
    expect(failure(await complete(who, late.authCode, late.state))).toEqual([409, unknown]);
    // The sandbox page no longer offers it.
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/withdraw/alipay/sandbox-authorize?state=${late.state}` })).statusCode,
    ).toBe(404);
  });

  it('refuses an Alipay account bound to another person, and a code Alipay does not confirm', async () => {
    const first = await person(testApp.app);
    const second = await person(testApp.app);
    const { authCode } = await approveOnSandbox(first);
    expect((await complete(first, authCode, (await approveOnSandbox(first)).state)).statusCode).toBe(200);
    const theirs = await approveOnSandbox(second);
    expect(failure(await complete(second, authCode, theirs.state))).toEqual([
      409,
      AlipayAuthorizationErrors.alipayAccountBoundElsewhere.code,
    ]);
    // Refused without using the state up: their own approval still binds.
    expect((await complete(second, theirs.authCode, theirs.state)).statusCode).toBe(200);
    const third = await person(testApp.app);
    const mine = await approveOnSandbox(third);
    expect(failure(await complete(third, 'forged', mine.state))).toEqual([502, AlipayAuthorizationErrors.alipayAuthorizationRefused.code]);
  });
});

describe('binding Alipay by authorization with Alipay (alipay.system.oauth.token, against the stand-in)', () => {
  const appId = '2021000000000001';
  const merchantKeys = rsaKeyPems();
  let alipay: AlipayStandIn;
  let service: WithdrawalsService;
  let payout: AlipayPayoutDriver;

  beforeAll(async () => {
    alipay = await startAlipayStandIn({ appId, merchantPublicKeyPem: merchantKeys.publicKeyPem });
    const application = {
      appId,
      privateKeyPem: merchantKeys.privateKeyPem,
      alipayPublicKeyPem: alipay.alipayPublicKeyPem,
      gateway: alipay.gateway,
    };
    payout = new AlipayPayoutDriver(application);
    service = serviceWith(new AlipayOauthDriver(application), new PayoutDrivers({ alipay: payout }));
  });
  afterAll(() => alipay.close());

  it('sends the person to Alipay, exchanges the code once and pays the bound user id by ALIPAY_USER_ID', async () => {
    const who = await person(testApp.app);
    const started = await service.startAlipayAuthorization(who.id, { realName: '王小明', password: who.password }, 'https://spatia.test');
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openauth.alipay.com/oauth2/publicAppAuthorize.htm');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      app_id: appId,
      scope: 'auth_base',
      redirect_uri: 'https://spatia.test/alipayAuthorization',
    });
    const state = url.searchParams.get('state')!;
    const code = alipay.authorize('2088102177846880');
    const bound = await service.completeAlipayAuthorization(who.id, { authCode: code, state });
    expect(bound).toMatchObject({ channel: 'alipay', account: '2088****6880' });
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.system.oauth.token',
      parameters: expect.objectContaining({ grant_type: 'authorization_code', code, app_id: appId }),
    });
    // The code is single use at Alipay: a new start with it is refused.
    const next = new URL(
      (await service.startAlipayAuthorization(who.id, { realName: '王小明', password: who.password }, 'https://spatia.test')).url,
    );
    await expect(
      service.completeAlipayAuthorization(who.id, { authCode: code, state: next.searchParams.get('state')! }),
    ).rejects.toMatchObject({
      code: AlipayAuthorizationErrors.alipayAuthorizationRefused.code,
    });

    alipay.payees.set('2088102177846880', '王小明');
    const paid = await payout.transfer({
      payoutNo: 'W20261129AUTH0001',
      amountFen: 1_000,
      account: '2088102177846880',
      realName: '王小明',
      remark: 'Spatia',
    });
    expect(paid.state).toBe('paid');
    expect(alipay.calls.at(-1)?.bizContent).toMatchObject({
      payee_info: { identity: '2088102177846880', identity_type: 'ALIPAY_USER_ID' },
    });
  });

  it('is refused by the gateway when signed by another key', async () => {
    const stranger = rsaKeyPems();
    const driver = new AlipayOauthDriver({
      appId,
      privateKeyPem: stranger.privateKeyPem,
      alipayPublicKeyPem: alipay.alipayPublicKeyPem,
      gateway: alipay.gateway,
    });
    await expect(driver.exchange(alipay.authorize('2088102177846881'))).rejects.toThrow(/isv.invalid-signature/);
  });
});

function serviceWith(alipayAuthorization: AlipayAuthorizationDriver, drivers: PayoutDrivers): WithdrawalsService {
  const { database, ledger, notifications, adminLog, users, jobs, logger, smsCodes, identity, rateLimiter, sms } = testApp.app.services;
  return new WithdrawalsService({
    repository: new WithdrawalsRepository(database.db),
    ledger,
    notifications,
    adminLog,
    users,
    drivers,
    jobs,
    log: logger,
    stepUp: new WithdrawalStepUp({ smsCodes, users, limiter: rateLimiter }),
    settings: new WithdrawalSettingsRepository(database.db),
    identity,
    sms,
    alipayAuthorization,
  });
}
