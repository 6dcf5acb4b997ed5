import {
  PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT,
  Role,
  SmsCodeErrors,
  WithdrawalStepUpErrors,
  type AdminWithdrawal,
  type IssuedVerificationCode,
  type NotificationPage,
  type Page,
  type PayoutAccount,
  type Withdrawal,
  type WithdrawalOptions,
  type WithdrawalSettings,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { STEP_UP_PASSWORD_ATTEMPTS } from './withdrawal-step-up.js';

/** Step-up checks (docs/withdrawals.md "Step-up checks"): the proof, the notice, the cooling period, four eyes, the payee name. */

let testApp: TestApp;
let admin: Person;
let secondAdmin: Person;
let walletless: Person;

beforeAll(async () => {
  ({ testApp, admin, secondAdmin, walletless } = await appWithPeople({
    admin: { roles: [Role.admin], name: 'Admin One' },
    secondAdmin: { roles: [Role.admin], name: 'Admin Two' },
    walletless: { roles: [] },
  }));
  await testApp.app.services.ledger.openSystemAccount('system:test:sales');
});
afterAll(() => testApp.close());

type Response = Awaited<ReturnType<Person['call']>>;
const failure = (response: Response) => [response.statusCode, json(response).code];

let earnings = 0;
async function earner(fen = 5_000, options: Parameters<typeof person>[1] = {}): Promise<Person> {
  const who = await person(testApp.app, { name: '王提现', ...options });
  const { ledger } = testApp.app.services;
  await ledger.openUserAccounts(who.id);
  earnings += 1;
  await ledger.post({
    reference: `test:step-up-earn:${who.id}:${earnings}`,
    kind: 'sale',
    entries: [
      { account: 'system:test:sales', amount: -fen },
      { account: LedgerAccount.income(who.id), amount: fen },
    ],
  });
  return who;
}

const setCooling = (as: Person, hours: unknown) => as.call('PUT', '/api/admin/withdrawals/settings', { payoutAccountCoolingHours: hours });
/** A call as `who`, in `language` (the messages of refusals). */
const callIn = (who: Person, method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>, language: string) =>
  testApp.app.inject({ method, url, headers: { 'auth-token': who.token, 'x-auth-token': who.token }, cookies: { language }, payload });
const bind = (who: Person, body: Record<string, unknown>, language = 'zh') =>
  callIn(who, 'PUT', '/api/c/withdraw/accounts/alipay', { account: '13912345678', realName: '王小明', ...body }, language);
const withdraw = (who: Person, body: Record<string, unknown>, language = 'zh') =>
  callIn(who, 'POST', '/api/c/withdraw', { amount: 2_000, channel: 'alipay', ...body }, language);

/** Asks for a withdrawal code and reads it from the console driver's outbox, as the person reads their SMS. */
async function codeFor(who: Person): Promise<{ verifyCode: string; hash: string; expiredTime: number }> {
  const sent = await who.call('GET', '/api/c/withdraw/verifyCode');
  expect(sent.statusCode, sent.body).toBe(200);
  const issued = dataOf<IssuedVerificationCode>(sent);
  const outbox = json<{ data: { purpose: string; code: string }[] }>(
    await testApp.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phoneNumber=${who.phone}` }),
  ).data;
  const message = outbox.find((item) => item.purpose === 'withdrawal');
  expect(message?.code).toMatch(/^\d{6}$/);
  return { verifyCode: message!.code, hash: issued.hash, expiredTime: issued.expiredTime };
}

const queueItem = async (withdrawalNo: string) =>
  dataOf<Page<AdminWithdrawal>>(await admin.call('GET', `/api/admin/withdrawals?keyword=${withdrawalNo}`)).list[0]!;

describe('the proof binding and withdrawing need', () => {
  it('refuses binding without a proof, or with a wrong password, in the caller’s language', async () => {
    const who = await earner();
    const none = await bind(who, {});
    expect(failure(none)).toEqual([400, WithdrawalStepUpErrors.stepUpProofRequired.code]);
    expect(json(none).msg).toBe(WithdrawalStepUpErrors.stepUpProofRequired.zh);
    const noneEn = await bind(who, {}, 'en');
    expect(json(noneEn).msg).toBe('Enter the code sent to your phone, or your password');
    const wrong = await bind(who, { password: 'Not#the-password1' }, 'en');
    expect(failure(wrong)).toEqual([400, WithdrawalStepUpErrors.stepUpPasswordWrong.code]);
    expect(json(wrong).msg).toBe('The password is wrong');
    // Nothing was bound.
    expect(dataOf<WithdrawalOptions>(await who.call('GET', '/api/c/withdraw/options')).accounts).toEqual([]);
  });

  it('binds with a code sent to the person’s own phone, once; a used, wrong-purpose or expired code is refused', async () => {
    const who = await earner();
    const proof = await codeFor(who);
    const bound = await bind(who, proof);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(dataOf<PayoutAccount>(bound).account).toBe('139****5678');

    const again = await bind(who, { ...proof, account: 'other@example.com' });
    expect(failure(again)).toEqual([400, SmsCodeErrors.codeUsed.code]);

    // A sign-in code for the same phone does not work here (the purpose is part of the code's hash).
    const signIn = await testApp.app.inject({ method: 'GET', url: `/api/c/smsLogin/verifyCode?phoneNumber=${who.phone}` });
    expect(signIn.statusCode).toBe(429); // one code a minute per phone: the limits of the SMS code service apply
    const other = await person(testApp.app);
    const loginIssued = dataOf<IssuedVerificationCode>(
      await testApp.app.inject({ method: 'GET', url: `/api/c/smsLogin/verifyCode?phoneNumber=${other.phone}` }),
    );
    const loginCode = json<{ data: { code: string }[] }>(
      await testApp.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phoneNumber=${other.phone}` }),
    ).data[0]!.code;
    const wrongPurpose = await bind(other, { verifyCode: loginCode, hash: loginIssued.hash, expiredTime: loginIssued.expiredTime });
    expect(failure(wrongPurpose)).toEqual([400, SmsCodeErrors.codeWrong.code]);

    const expired = await bind(other, { verifyCode: '123456', hash: 'a'.repeat(64), expiredTime: Date.now() - 1 }, 'en');
    expect(failure(expired)).toEqual([400, SmsCodeErrors.codeExpired.code]);
    expect(json(expired).msg).toMatch(/expired/i);
  });

  it('rations the codes as the SMS code service does: a second one within the minute is refused', async () => {
    const who = await earner();
    await codeFor(who);
    const second = await who.call('GET', '/api/c/withdraw/verifyCode');
    expect(failure(second)).toEqual([429, SmsCodeErrors.tooManyCodes.code]);
  });

  it('makes the tenth wrong password in a row wait, while the code still works', async () => {
    const who = await earner();
    for (let attempt = 1; attempt <= STEP_UP_PASSWORD_ATTEMPTS; attempt += 1) {
      expect(failure(await bind(who, { password: `Wrong#guess${attempt}` }))).toEqual([
        400,
        WithdrawalStepUpErrors.stepUpPasswordWrong.code,
      ]);
    }
    const throttled = await bind(who, { password: who.password });
    expect(failure(throttled)).toEqual([429, WithdrawalStepUpErrors.stepUpPasswordThrottled.code]);
    expect((await bind(who, await codeFor(who))).statusCode).toBe(200);
  });

  it('asks for a withdrawal only with a proof', async () => {
    expect((await setCooling(admin, 0)).statusCode).toBe(200);
    const who = await earner();
    expect((await bind(who, { password: who.password })).statusCode).toBe(200);
    const none = await withdraw(who, {}, 'en');
    expect(failure(none)).toEqual([400, WithdrawalStepUpErrors.stepUpProofRequired.code]);
    expect(failure(await withdraw(who, { password: 'Wrong#guess1' }))).toEqual([400, WithdrawalStepUpErrors.stepUpPasswordWrong.code]);
    expect(await testApp.app.services.ledger.balance(LedgerAccount.income(who.id))).toBe(5_000);

    const withCode = await withdraw(who, await codeFor(who));
    expect(withCode.statusCode, withCode.body).toBe(200);
    const withPassword = await withdraw(who, { password: who.password });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(await testApp.app.services.ledger.balance(LedgerAccount.income(who.id))).toBe(1_000);
  });

  it('sends codes only to people with the wallet, and to nobody signed out', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/withdraw/verifyCode' })).statusCode).toBe(401);
    expect((await walletless.call('GET', '/api/c/withdraw/verifyCode')).statusCode).toBe(403);
  });
});

const smsTo = async (who: Person) =>
  json<{ data: { purpose: string; text: string }[] }>(
    await testApp.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phoneNumber=${who.phone}` }),
  ).data.filter((message) => message.purpose === 'payoutAccountBound');

describe('the notice of a new payout account', () => {
  it('tells the person in the inbox and by SMS which account was bound, masked, and when it can be used', async () => {
    expect((await setCooling(admin, 24)).statusCode).toBe(200);
    const who = await earner();
    const bound = dataOf<PayoutAccount>(await bind(who, { password: who.password }));
    const notices = dataOf<NotificationPage>(await who.call('GET', '/api/c/notifications')).list;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'payoutAccountBound',
      link: '/wallet/withdraw',
      params: { channelZh: '支付宝', channelEn: 'Alipay', account: '139****5678', name: '*小明', usableAt: bound.usableAt },
    });
    const [sms] = await smsTo(who);
    expect(sms?.text).toContain('支付宝收款账户 139****5678');
    expect(sms?.text).not.toContain('13912345678');
    // Replacing it tells them again; a refused binding tells nobody.
    await bind(who, { password: 'Wrong#guess1', account: 'x@example.com' });
    await bind(who, { password: who.password, account: 'wang@example.com' });
    const after = dataOf<NotificationPage>(await who.call('GET', '/api/c/notifications')).list;
    expect(after.map((notice) => notice.params.account)).toEqual(['wa***@example.com', '139****5678']);
    expect((await smsTo(who)).map((message) => /\S+@example\.com|139\*+5678/.exec(message.text)?.[0])).toEqual([
      'wa***@example.com',
      '139****5678',
    ]);
  });
});

describe('the cooling period of a new payout account', () => {
  it('is 24 hours unless an admin sets it; only admins read and change it, within 0..720 hours, and the change is logged', async () => {
    const read = (as?: Person) =>
      as
        ? as.call('GET', '/api/admin/withdrawals/settings')
        : testApp.app.inject({ method: 'GET', url: '/api/admin/withdrawals/settings' });
    expect((await read()).statusCode).toBe(401);
    expect((await read(walletless)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'PUT', url: '/api/admin/withdrawals/settings', payload: {} })).statusCode).toBe(401);
    expect((await setCooling(await earner(), 0)).statusCode).toBe(403);
    expect((await setCooling(admin, -1)).statusCode).toBe(400);
    expect((await setCooling(admin, 721)).statusCode).toBe(400);
    expect((await setCooling(admin, 1.5)).statusCode).toBe(400);

    expect((await setCooling(admin, PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT)).statusCode).toBe(200);
    const changed = await setCooling(secondAdmin, 48);
    expect(dataOf<WithdrawalSettings>(changed)).toEqual({ payoutAccountCoolingHours: 48 });
    expect(dataOf<WithdrawalSettings>(await read(admin))).toEqual({ payoutAccountCoolingHours: 48 });
    const [logged] = await rowsOf<{ before: unknown; after: unknown }>(
      testApp.app.services.database.db,
      sql`select before, after from admin_actions where action = 'withdrawal.settings' order by id desc limit 1`,
    );
    expect(logged).toEqual({ before: { payoutAccountCoolingHours: 24 }, after: { payoutAccountCoolingHours: 48 } });
  });

  it('refuses a withdrawal to an account bound too recently, saying when it can be used; 0 lets it at once', async () => {
    await setCooling(admin, 24);
    const who = await earner();
    const bound = dataOf<PayoutAccount>(await bind(who, { password: who.password }));
    expect(bound.usableAt - bound.updatedAt).toBe(24 * 3_600_000);
    const options = dataOf<WithdrawalOptions>(await who.call('GET', '/api/c/withdraw/options'));
    expect(options.accounts[0]!.usableAt).toBe(bound.usableAt);

    const early = await withdraw(who, { password: who.password }, 'en');
    expect(failure(early)).toEqual([409, WithdrawalStepUpErrors.payoutAccountCooling.code]);
    const beijing = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(bound.usableAt));
    expect(json(early).msg).toBe(
      `This payout account was bound or changed recently; it can be used for withdrawals from ${beijing} (Beijing time)`,
    );
    expect(await testApp.app.services.ledger.balance(LedgerAccount.income(who.id))).toBe(5_000);

    await setCooling(admin, 0);
    expect((await withdraw(who, { password: who.password })).statusCode).toBe(200);
  });

  it('starts again when the account is replaced', async () => {
    await setCooling(admin, 0);
    const who = await earner();
    await bind(who, { password: who.password });
    await setCooling(admin, 1);
    // Bound more than an hour ago: usable.
    await rowsOf(
      testApp.app.services.database.db,
      sql`update payout_accounts set updated_at = now() - interval '2 hours' where user_id = ${who.id}`,
    );
    expect((await withdraw(who, { password: who.password })).statusCode).toBe(200);
    await bind(who, { password: who.password, account: 'wang@example.com' });
    expect(failure(await withdraw(who, { password: who.password }))).toEqual([409, WithdrawalStepUpErrors.payoutAccountCooling.code]);
    await setCooling(admin, 0);
  });
});

describe('the review', () => {
  it('refuses an admin approving their own withdrawal; another admin may', async () => {
    await setCooling(admin, 0);
    const { ledger } = testApp.app.services;
    await ledger.openUserAccounts(admin.id);
    await ledger.post({
      reference: `test:step-up-admin-earn:${admin.id}`,
      kind: 'sale',
      entries: [
        { account: 'system:test:sales', amount: -3_000 },
        { account: LedgerAccount.income(admin.id), amount: 3_000 },
      ],
    });
    expect((await bind(admin, { password: admin.password })).statusCode).toBe(200);
    const own = dataOf<Withdrawal>(await withdraw(admin, { password: admin.password }));
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${own.id}/approve`,
      headers: { 'auth-token': admin.token, 'x-auth-token': admin.token },
      cookies: { language: 'en' },
    });
    expect(failure(refused)).toEqual([403, WithdrawalStepUpErrors.withdrawalOwnApproval.code]);
    expect(json(refused).msg).toBe('You cannot approve your own withdrawal; another admin must review it');
    expect((await queueItem(own.withdrawalNo)).status).toBe('reviewing');
    const approved = await secondAdmin.call('POST', `/api/admin/withdrawals/${own.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('flags a payee name that matches none of the person’s approved identities', async () => {
    await setCooling(admin, 0);
    const approveIdentity = (who: Person, realName: string) =>
      rowsOf(
        testApp.app.services.database.db,
        sql`insert into identity_applications (user_id, identity_id, extras, status, decided_at)
            values (${who.id}, 2, ${JSON.stringify({ realName })}::jsonb, 'approved', now())`,
      );
    const withdrawalOf = async (who: Person, payee: string) => {
      expect((await bind(who, { password: who.password, realName: payee })).statusCode).toBe(200);
      return dataOf<Withdrawal>(await withdraw(who, { password: who.password })).withdrawalNo;
    };

    const differs = await earner();
    await approveIdentity(differs, '李四');
    const flagged = await queueItem(await withdrawalOf(differs, '王小明'));
    expect(flagged).toMatchObject({ realName: '王小明', identityNames: ['李四'], payeeNameMismatch: true });

    const matches = await earner();
    await approveIdentity(matches, 'Wang Xiaoming');
    expect(await queueItem(await withdrawalOf(matches, 'wang  xiaoming'))).toMatchObject({
      identityNames: ['Wang Xiaoming'],
      payeeNameMismatch: false,
    });

    const unproven = await earner();
    expect(await queueItem(await withdrawalOf(unproven, '王小明'))).toMatchObject({ identityNames: [], payeeNameMismatch: false });
  });
});
