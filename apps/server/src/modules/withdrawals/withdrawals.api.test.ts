import {
  ErrorCode,
  Role,
  WITHDRAWAL_MIN_FEN,
  type AdminWithdrawal,
  type NotificationPage,
  type Page,
  type PayoutAccount,
  type Withdrawal,
  type WithdrawalOptions,
  WithdrawalErrors,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { PAYOUT_JOB } from './withdrawals.service.js';

let testApp: TestApp;
let earner: Person;
let stranger: Person;
let admin: Person;
let secondAdmin: Person;
let walletless: Person;

beforeAll(async () => {
  ({ testApp, earner, stranger, admin, secondAdmin, walletless } = await appWithPeople({
    earner: { name: '林收益' },
    stranger: {},
    admin: { roles: [Role.admin], name: 'Admin One' },
    secondAdmin: { roles: [Role.admin], name: 'Admin Two' },
    walletless: { roles: [] },
  }));
  await testApp.app.services.ledger.openSystemAccount('system:test:sales');
  // New accounts are usable at once here; withdrawals-step-up.api.test.ts covers the cooling period and the proof.
  await testApp.app.services.withdrawals.updateSettings(admin, { payoutAccountCoolingHours: 0 });
});
afterAll(() => testApp.close());

type Response = Awaited<ReturnType<Person['call']>>;
const codeOf = (response: Response) => json(response).code;
const income = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.income(who.id));
const pending = () => testApp.app.services.ledger.balance(LedgerAccount.withdrawalsPending);

let earnings = 0;
/** Books `fen` of income for `who`, as a targeted sale would. */
async function earn(who: Person, fen: number): Promise<void> {
  const { ledger } = testApp.app.services;
  await ledger.openUserAccounts(who.id);
  earnings += 1;
  await ledger.post({
    reference: `test:earn:${who.id}:${earnings}`,
    kind: 'sale',
    entries: [
      { account: 'system:test:sales', amount: -fen },
      { account: LedgerAccount.income(who.id), amount: fen },
    ],
  });
}

/** Binds with the password as step-up proof. */
const bind = (who: Person, channel: string, body: Record<string, unknown>) =>
  who.call('PUT', `/api/c/withdraw/accounts/${channel}`, { password: who.password, ...body });
const withdraw = (who: Person, body: Record<string, unknown>, key?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/c/withdraw',
    headers: { 'auth-token': who.token, 'x-auth-token': who.token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { password: who.password, ...body },
  });

/** A person with `fen` of income and an Alipay account bound (the sandbox refuses accounts with "fail" in them). */
async function earnerWith(fen: number, account = '13912345678'): Promise<Person> {
  const who = await person(testApp.app, { name: '王提现' });
  if (fen > 0) await earn(who, fen);
  const bound = await bind(who, 'alipay', { account, realName: '王小明' });
  expect(bound.statusCode, bound.body).toBe(200);
  return who;
}

async function requested(who: Person, amount: number, channel = 'alipay'): Promise<Withdrawal> {
  const response = await withdraw(who, { amount, channel });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Withdrawal>(response);
}

const approve = (as: Person, id: number) => as.call('POST', `/api/admin/withdrawals/${id}/approve`);
const reject = (as: Person, id: number, reason: string) => as.call('POST', `/api/admin/withdrawals/${id}/reject`, { reason });
const mine = async (who: Person, id: number) => dataOf<Withdrawal>(await who.call('GET', `/api/c/withdraw/records/${id}`));
const runPayouts = () => testApp.app.services.jobs.drain([PAYOUT_JOB]);

async function postingsOf(withdrawalNo: string): Promise<{ kind: string; reference: string }[]> {
  return rowsOf(
    testApp.app.services.database.db,
    sql`select kind, reference from ledger_transactions where memo = ${withdrawalNo} order by id`,
  );
}

async function noticesOf(who: Person): Promise<NotificationPage['list']> {
  return dataOf<NotificationPage>(await who.call('GET', '/api/c/notifications?pageSize=50')).list;
}

describe('payout accounts', () => {
  it('binds, masks, replaces and unbinds an account per method', async () => {
    const options = dataOf<WithdrawalOptions>(await earner.call('GET', '/api/c/withdraw/options'));
    expect(options).toEqual({
      withdrawableFen: 0,
      minFen: WITHDRAWAL_MIN_FEN,
      maxFen: 20_000_000,
      channels: ['alipay', 'wechat'],
      accounts: [],
      sandbox: true,
      alipayAuthorization: true,
    });

    const alipay = await bind(earner, 'alipay', { account: ' 13800000002 ', realName: '林 收益' });
    expect(alipay.statusCode, alipay.body).toBe(200);
    expect(dataOf<PayoutAccount>(alipay)).toMatchObject({ channel: 'alipay', account: '138****0002', realName: '* 收益' });
    const wechat = await bind(earner, 'wechat', { account: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', realName: '林收益' });
    expect(dataOf<PayoutAccount>(wechat)).toMatchObject({ channel: 'wechat', account: 'oUpF****eS6o', realName: '*收益' });
    const replaced = await bind(earner, 'alipay', { account: 'linshouyi@example.com', realName: '林收益' });
    expect(dataOf<PayoutAccount>(replaced).account).toBe('li***@example.com');

    const accounts = dataOf<WithdrawalOptions>(await earner.call('GET', '/api/c/withdraw/options')).accounts;
    expect(accounts.map((account) => [account.channel, account.account])).toEqual([
      ['alipay', 'li***@example.com'],
      ['wechat', 'oUpF****eS6o'],
    ]);
    // Nobody else sees them.
    expect(dataOf<WithdrawalOptions>(await stranger.call('GET', '/api/c/withdraw/options')).accounts).toEqual([]);

    const unbound = await earner.call('DELETE', '/api/c/withdraw/accounts/wechat');
    expect(dataOf<PayoutAccount[]>(unbound).map((account) => account.channel)).toEqual(['alipay']);
    const again = await earner.call('DELETE', '/api/c/withdraw/accounts/wechat');
    expect([again.statusCode, codeOf(again)]).toEqual([409, WithdrawalErrors.payoutAccountMissing.code]);
  });

  it('refuses accounts that are not one, with the reason in the caller’s language', async () => {
    const alipay = await testApp.app.inject({
      method: 'PUT',
      url: '/api/c/withdraw/accounts/alipay',
      headers: { 'auth-token': stranger.token, 'x-auth-token': stranger.token },
      cookies: { language: 'en' },
      payload: { account: 'not-an-account', realName: 'Li' },
    });
    expect([alipay.statusCode, json(alipay)]).toEqual([
      400,
      { code: WithdrawalErrors.alipayLogonIdInvalid.code, msg: 'The Alipay account must be a mobile number or an e-mail address' },
    ]);
    const openid = await bind(stranger, 'wechat', { account: 'short', realName: '李' });
    expect([openid.statusCode, codeOf(openid)]).toEqual([400, WithdrawalErrors.wechatOpenidInvalid.code]);
    expect((await bind(stranger, 'wechat', { account: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', realName: '   ' })).statusCode).toBe(400);
    expect((await bind(stranger, 'bank', { account: '6222020202020202', realName: '李' })).statusCode).toBe(400);
    expect(dataOf<WithdrawalOptions>(await stranger.call('GET', '/api/c/withdraw/options')).accounts).toEqual([]);
  });

  it('is part of the wallet: without permission 35 every call is refused', async () => {
    for (const [method, url] of [
      ['GET', '/api/c/withdraw/options'],
      ['GET', '/api/c/withdraw/records'],
      ['POST', '/api/c/withdraw'],
    ] as const) {
      const response = await walletless.call(method, url, method === 'POST' ? { amount: 1000, channel: 'alipay' } : undefined);
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/withdraw/options' })).statusCode).toBe(401);
  });
});

describe('asking to withdraw', () => {
  it('moves the amount from the income to pending in one booking, and lists it as reviewing', async () => {
    const who = await earnerWith(12_345);
    const pendingBefore = await pending();
    const withdrawal = await requested(who, 5_000);
    expect(withdrawal).toMatchObject({
      amountFen: 5_000,
      channel: 'alipay',
      account: '139****5678',
      status: 'reviewing',
      rejectReason: '',
    });
    expect(withdrawal.withdrawalNo).toMatch(/^W\d{14}[0-9A-F]{8}$/);
    expect(await income(who)).toBe(7_345);
    expect((await pending()) - pendingBefore).toBe(5_000);
    expect(await postingsOf(withdrawal.withdrawalNo)).toEqual([{ kind: 'withdrawal', reference: `withdrawal:${withdrawal.id}:request` }]);
    expect(dataOf<WithdrawalOptions>(await who.call('GET', '/api/c/withdraw/options')).withdrawableFen).toBe(7_345);

    const page = dataOf<Page<Withdrawal>>(await who.call('GET', '/api/c/withdraw/records'));
    expect(page).toMatchObject({ total: 1, pageNum: 1 });
    expect(page.list[0]).toEqual(withdrawal);
    expect(dataOf<Page<Withdrawal>>(await who.call('GET', '/api/c/withdraw/records?status=paid')).total).toBe(0);
    expect(await mine(who, withdrawal.id)).toEqual(withdrawal);
  });

  it('refuses below the minimum, above the income, to an unbound method, and books nothing', async () => {
    const who = await earnerWith(3_000);
    const below = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/withdraw',
      headers: { 'auth-token': who.token, 'x-auth-token': who.token },
      cookies: { language: 'en' },
      payload: { amount: 999, channel: 'alipay' },
    });
    expect([below.statusCode, json(below)]).toEqual([
      400,
      { code: WithdrawalErrors.withdrawalBelowMinimum.code, msg: 'A withdrawal must be at least ¥10.00' },
    ]);
    const over = await withdraw(who, { amount: 3_001, channel: 'alipay' });
    expect([over.statusCode, json(over)]).toEqual([
      409,
      { code: WithdrawalErrors.withdrawalOverIncome.code, msg: '可提现收益为 ¥30.00，不能提现 ¥30.01' },
    ]);
    const unbound = await withdraw(who, { amount: 1_000, channel: 'wechat' });
    expect([unbound.statusCode, codeOf(unbound)]).toEqual([409, WithdrawalErrors.payoutAccountMissing.code]);
    for (const body of [{ amount: 10.5, channel: 'alipay' }, { amount: 1_000, channel: 'bank' }, { amount: '1000' }, {}]) {
      expect((await withdraw(who, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await income(who)).toBe(3_000);
    expect(dataOf<Page<Withdrawal>>(await who.call('GET', '/api/c/withdraw/records')).total).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the withdrawal it created, and refuses it for another request', async () => {
    const who = await earnerWith(5_000);
    const first = await withdraw(who, { amount: 2_000, channel: 'alipay' }, 'press-1');
    const again = await withdraw(who, { amount: 2_000, channel: 'alipay' }, 'press-1');
    expect(dataOf<Withdrawal>(again)).toEqual(dataOf<Withdrawal>(first));
    const other = await withdraw(who, { amount: 2_500, channel: 'alipay' }, 'press-1');
    expect([other.statusCode, codeOf(other)]).toEqual([422, ErrorCode.idempotencyKeyReused]);
    expect(await income(who)).toBe(3_000);
  });

  it('creates one withdrawal for requests racing with one Idempotency-Key, and answers each with it', async () => {
    const who = await earnerWith(5_000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(who, { amount: 2_000, channel: 'alipay' }, 'race-1')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const [first, ...others] = answers.map((answer) => dataOf<Withdrawal>(answer));
    for (const other of others) expect(other).toEqual(first);
    expect(await income(who)).toBe(3_000);
  });

  it('answers a request racing a stale key with the one withdrawal it makes anew', async () => {
    const who = await earnerWith(5_000);
    await withdraw(who, { amount: 1_000, channel: 'alipay' }, 'race-stale');
    await testApp.app.services.database.db.execute(
      sql`update withdrawals set created_at = created_at - interval '25 hours' where user_id = ${who.id}`,
    );
    const answers = await Promise.all(Array.from({ length: 3 }, () => withdraw(who, { amount: 2_000, channel: 'alipay' }, 'race-stale')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => dataOf<Withdrawal>(answer).id)).size).toBe(1);
    expect(await income(who)).toBe(2_000);
  });

  it('takes an Idempotency-Key older than 24 hours as a new request', async () => {
    const who = await earnerWith(5_000);
    const first = dataOf<Withdrawal>(await withdraw(who, { amount: 2_000, channel: 'alipay' }, 'press-old'));
    await testApp.app.services.database.db.execute(
      sql`update withdrawals set created_at = created_at - interval '25 hours' where user_id = ${who.id}`,
    );
    const later = await withdraw(who, { amount: 2_500, channel: 'alipay' }, 'press-old');
    expect(later.statusCode, later.body).toBe(200);
    expect(dataOf<Withdrawal>(later).id).not.toBe(first.id);
    expect(await income(who)).toBe(500);
  });

  it('never overdraws the income under concurrent requests', async () => {
    const who = await earnerWith(5_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(who, { amount: 2_000, channel: 'alipay' })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => codeOf(answer) === WithdrawalErrors.withdrawalOverIncome.code)).toHaveLength(4);
    expect(await income(who)).toBe(1_000);
    expect(dataOf<Page<Withdrawal>>(await who.call('GET', '/api/c/withdraw/records')).total).toBe(2);
  });

  it('shows a withdrawal to its owner only: others, admins included, find nothing', async () => {
    const who = await earnerWith(2_000);
    const withdrawal = await requested(who, 1_000);
    for (const caller of [stranger, admin]) {
      const response = await caller.call('GET', `/api/c/withdraw/records/${withdrawal.id}`);
      expect(response.statusCode).toBe(404);
    }
    expect(dataOf<Page<Withdrawal>>(await stranger.call('GET', '/api/c/withdraw/records')).list.map((item) => item.id)).not.toContain(
      withdrawal.id,
    );
  });
});

describe('the back office’s review', () => {
  it('lists the queue with the full account and the person, and filters it', async () => {
    const who = await earnerWith(4_000);
    const withdrawal = await requested(who, 1_500);
    const queue = dataOf<Page<AdminWithdrawal>>(await admin.call('GET', '/api/admin/withdrawals?status=reviewing&pageSize=100'));
    const item = queue.list.find((candidate) => candidate.id === withdrawal.id);
    expect(item).toMatchObject({
      status: 'reviewing',
      accountFull: '13912345678',
      realName: '王小明',
      user: { uid: who.uid, name: '王提现', phone: who.phone },
      reviewer: null,
      withdrawableFen: 2_500,
    });
    const byNumber = dataOf<Page<AdminWithdrawal>>(await admin.call('GET', `/api/admin/withdrawals?keyword=${withdrawal.withdrawalNo}`));
    expect(byNumber.list.map((candidate) => candidate.id)).toEqual([withdrawal.id]);
    const byPhone = dataOf<Page<AdminWithdrawal>>(await admin.call('GET', `/api/admin/withdrawals?keyword=${who.phone}`));
    expect(byPhone.list.map((candidate) => candidate.id)).toEqual([withdrawal.id]);
    expect(dataOf<Page<AdminWithdrawal>>(await admin.call('GET', '/api/admin/withdrawals?keyword=13000000000')).total).toBe(0);
    expect((await stranger.call('GET', '/api/admin/withdrawals')).statusCode).toBe(403);
    expect((await stranger.call('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`)).statusCode).toBe(403);
  });

  it('rejects with a reason: the money is back in the income, the person is told, the admin log has it', async () => {
    const who = await earnerWith(4_000);
    const withdrawal = await requested(who, 3_000);
    const empty = await reject(admin, withdrawal.id, '  ');
    expect(empty.statusCode).toBe(400);
    const rejected = await reject(admin, withdrawal.id, '收款人姓名与实名认证不符');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(dataOf<Withdrawal>(rejected)).toMatchObject({ status: 'rejected', rejectReason: '收款人姓名与实名认证不符' });
    expect(await income(who)).toBe(4_000);
    expect((await postingsOf(withdrawal.withdrawalNo)).map((posting) => posting.reference)).toEqual([
      `withdrawal:${withdrawal.id}:request`,
      `withdrawal:${withdrawal.id}:reversal`,
    ]);
    const [notice] = await noticesOf(who);
    expect(notice).toMatchObject({
      kind: 'withdrawalRejected',
      params: { price: 3_000, reason: '收款人姓名与实名认证不符' },
      link: '/wallet/withdrawRecord',
    });
    const log = dataOf<{ list: { action: string; targetId: string }[] }>(await admin.call('GET', '/api/admin/log?pageSize=5')).list;
    expect(log[0]).toMatchObject({ action: 'withdrawal.reject', targetId: withdrawal.withdrawalNo });

    const late = await approve(admin, withdrawal.id);
    expect([late.statusCode, codeOf(late)]).toEqual([409, WithdrawalErrors.withdrawalAlreadyDecided.code]);
    expect((await approve(admin, 987_654_321)).statusCode).toBe(404);
  });

  it('lets one of two admins deciding at once win; the other is told it was decided', async () => {
    const who = await earnerWith(4_000);
    const withdrawal = await requested(who, 2_000);
    const answers = await Promise.all([approve(admin, withdrawal.id), reject(secondAdmin, withdrawal.id, '重复申请')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(codeOf(answers.find((answer) => answer.statusCode === 409)!)).toBe(WithdrawalErrors.withdrawalAlreadyDecided.code);
    const status = (await mine(who, withdrawal.id)).status;
    // Whichever won, the money is either on its way or back, never both.
    expect(await income(who)).toBe(status === 'rejected' ? 4_000 : 2_000);
    const again = await Promise.all([approve(admin, withdrawal.id), approve(secondAdmin, withdrawal.id)]);
    expect(again.map((answer) => answer.statusCode)).toEqual([409, 409]);
  });
});

describe('the payout job (sandbox)', () => {
  it('pays an approved withdrawal once: paid, booked out through the provider, the person told', async () => {
    const who = await earnerWith(6_000);
    const withdrawal = await requested(who, 5_000);
    // Withdrawals other tests approved are paid first, so that this one's figures are its own.
    await runPayouts();
    const payoutsBefore = await testApp.app.services.ledger.balance(LedgerAccount.payouts('sandbox')).catch(() => 0);
    const pendingBefore = await pending();
    const approved = await approve(admin, withdrawal.id);
    expect(dataOf<Withdrawal>(approved).status).toBe('approved');
    expect((await noticesOf(who))[0]).toMatchObject({ kind: 'withdrawalApproved', params: { price: 5_000, channelZh: '支付宝' } });

    await runPayouts();
    const paid = await mine(who, withdrawal.id);
    expect(paid).toMatchObject({ status: 'paid', failure: '' });
    expect(paid.paidAt).toEqual(expect.any(Number));
    expect(await testApp.app.services.ledger.balance(LedgerAccount.payouts('sandbox'))).toBe(payoutsBefore + 5_000);
    expect((await pending()) - pendingBefore).toBe(-5_000);
    expect(await income(who)).toBe(1_000);
    expect((await noticesOf(who))[0]).toMatchObject({ kind: 'withdrawalPaid', params: { price: 5_000, channelEn: 'Alipay' } });

    // Runs again: nothing more is paid or booked.
    await testApp.app.services.withdrawals.payOut();
    await runPayouts();
    expect((await postingsOf(withdrawal.withdrawalNo)).map((posting) => posting.kind)).toEqual(['withdrawal', 'withdrawalPaid']);
    const admins = dataOf<Page<AdminWithdrawal>>(await admin.call('GET', `/api/admin/withdrawals?keyword=${withdrawal.withdrawalNo}`))
      .list[0]!;
    expect(admins).toMatchObject({ status: 'paid', provider: 'sandbox', attempts: 1, reviewer: { name: 'Admin One' } });
    expect(admins.providerReference).toMatch(/^SBX/);
  });

  it('gives the money back when the provider refuses the payout', async () => {
    const who = await earnerWith(3_000, 'fail-payee@example.com');
    const withdrawal = await requested(who, 2_000);
    await approve(admin, withdrawal.id);
    await runPayouts();
    const failed = await mine(who, withdrawal.id);
    expect(failed).toMatchObject({ status: 'failed', failure: expect.stringContaining('The test payee account refused') });
    expect(failed.failedAt).toEqual(expect.any(Number));
    expect(await income(who)).toBe(3_000);
    expect((await postingsOf(withdrawal.withdrawalNo)).map((posting) => posting.kind)).toEqual(['withdrawal', 'withdrawalReversal']);
    expect((await noticesOf(who))[0]).toMatchObject({ kind: 'withdrawalFailed' });
    await testApp.app.services.withdrawals.payOut();
    expect(await income(who)).toBe(3_000);
  });
});
