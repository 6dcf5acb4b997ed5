import { Role, type NotificationPage, type PayoutChannel, type PayoutProvider, type Withdrawal, WithdrawalErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
import { PayoutProviderError, type PayoutDriver, type PayoutRequest, type PayoutState } from '../../drivers/payouts/payout-driver.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { earnIncome } from '../../test/income.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { WithdrawalSettingsRepository } from './withdrawal-settings.repository.js';
import { WithdrawalStepUp } from './withdrawal-step-up.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';
import { PAYOUT_RETRY_LIMIT, retryDelayMs } from './withdrawals.jobs.js';

/**
 * The payout job against a provider whose answers the test scripts: a transfer whose answer is lost
 * (the outcome unknown), a transfer that never arrived, a payout waiting for the payee. The provider
 * keeps its own books like a real one (one payout per number, whatever is sent twice), so the test can
 * count what it actually paid.
 */
class ScriptedProvider implements PayoutDriver {
  constructor(
    readonly provider: PayoutProvider = 'alipay',
    readonly channels: readonly PayoutChannel[] = [provider === 'wechat' ? 'wechat' : 'alipay'],
  ) {}
  /** Payouts the provider made, by our number. */
  readonly books = new Map<string, { amountFen: number; state: PayoutState }>();
  transfers = 0;
  /** What the next transfer call does: answer, lose the answer after paying, or never arrive. */
  nextTransfer: 'answer' | 'loseAnswer' | 'neverArrive' = 'answer';
  /** The state a new payout takes. */
  outcome: PayoutState = { state: 'paid', reference: 'ALI-1', paidAt: new Date() };
  queryFails = false;
  /** Every call fails with an unknown outcome (the provider is down). */
  down = false;
  /** Every call waits for this first (a provider that hangs). */
  hold: Promise<void> = Promise.resolve();
  queries = 0;

  async transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    await this.hold;
    if (this.down) throw new PayoutProviderError(this.provider, 'connect ECONNREFUSED');
    this.transfers += 1;
    const mode = this.nextTransfer;
    this.nextTransfer = 'answer';
    if (mode === 'neverArrive') throw new PayoutProviderError('alipay', 'connect ETIMEDOUT');
    if (!this.books.has(request.payoutNo)) this.books.set(request.payoutNo, { amountFen: request.amountFen, state: this.outcome });
    if (mode === 'loseAnswer') throw new PayoutProviderError('alipay', 'socket hang up');
    return this.books.get(request.payoutNo)!.state as Exclude<PayoutState, { state: 'notFound' }>;
  }

  async query(payoutNo: string): Promise<PayoutState> {
    await this.hold;
    this.queries += 1;
    if (this.down) throw new PayoutProviderError(this.provider, 'connect ECONNREFUSED');
    if (this.queryFails) throw new PayoutProviderError('alipay', 'isp.unknow-error');
    return this.books.get(payoutNo)?.state ?? { state: 'notFound' };
  }
}

let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin] } }));
  await testApp.app.services.withdrawals.updateSettings(admin, { payoutAccountCoolingHours: 0 });
});
afterAll(() => testApp.close());

let clock = Date.now();
function serviceWith(...providers: ScriptedProvider[]): WithdrawalsService {
  const { database, ledger, notifications, adminLog, users, jobs, logger, smsCodes, identity, rateLimiter, sms } = testApp.app.services;
  return new WithdrawalsService({
    repository: new WithdrawalsRepository(database.db),
    ledger,
    notifications,
    adminLog,
    users,
    drivers: new PayoutDrivers(Object.fromEntries(providers.map((provider) => [provider.provider, provider]))),
    jobs,
    log: logger,
    now: () => clock,
    stepUp: new WithdrawalStepUp({ smsCodes, users, limiter: rateLimiter }),
    settings: new WithdrawalSettingsRepository(database.db),
    identity,
    sms,
  });
}

/** An approved withdrawal of `amountFen` by a new person who earned `earnedFen`. */
async function approvedWithdrawal(
  service: WithdrawalsService,
  amountFen: number,
  earnedFen = amountFen,
  channel: PayoutChannel = 'alipay',
): Promise<{ who: Person; id: number }> {
  const who = await person(testApp.app);
  await earnIncome(testApp.app, who.id, earnedFen);
  const account = channel === 'alipay' ? '13912345678' : 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
  await service.bindAccount(who.id, channel, { account, realName: '王小明', password: who.password });
  const withdrawal = await service.request(who.id, { amount: amountFen, channel, password: who.password });
  await service.approve(admin, withdrawal.id);
  return { who, id: withdrawal.id };
}

const statusOf = async (who: Person, id: number) =>
  json<{ data: Withdrawal }>(await who.call('GET', `/api/c/withdraw/records/${id}`)).data.status;
const income = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.income(who.id));
/** One run of the job, a minute after the last. */
async function nextRun(service: WithdrawalsService) {
  clock += 60_000;
  return service.payOut();
}

describe('the payout job when the provider’s answer is lost', () => {
  it('keeps the withdrawal paying, asks by our number next run, and books the payout it finds: paid once', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 2_000, 5_000);

    provider.nextTransfer = 'loseAnswer';
    expect(await nextRun(service)).toMatchObject({ paid: 0, failed: 0, open: 1 });
    expect(await statusOf(who, id)).toBe('paying');
    const [row] = (await service.listForAdmin({ keyword: who.phone, pageNum: 1, pageSize: 5 })).list;
    expect(row).toMatchObject({ status: 'paying', attempts: 1, lastError: expect.stringContaining('socket hang up') });

    expect(await nextRun(service)).toMatchObject({ paid: 1 });
    expect(await statusOf(who, id)).toBe('paid');
    // Asked, not sent again: the provider paid once.
    expect(provider.transfers).toBe(1);
    expect(provider.books.size).toBe(1);
    expect(await income(who)).toBe(3_000);

    await nextRun(service);
    expect(provider.transfers).toBe(1);
  });

  it('sends again under the same number when the provider never received the first call', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 1_500);

    provider.nextTransfer = 'neverArrive';
    await nextRun(service);
    expect(await statusOf(who, id)).toBe('paying');
    expect(provider.books.size).toBe(0);

    // Not asked again before its time: a run a few seconds later leaves it alone.
    clock += 5_000;
    expect(await service.payOut()).toMatchObject({ checked: 0 });

    await nextRun(service);
    expect(await statusOf(who, id)).toBe('paid');
    expect(provider.transfers).toBe(2);
    expect(provider.books.size).toBe(1);
  });

  it('leaves a payout the payee has not confirmed open, and books its failure later with the money back', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    provider.outcome = { state: 'processing', reference: 'BILL-7' };
    const { who, id } = await approvedWithdrawal(service, 1_200);

    await nextRun(service);
    expect(await statusOf(who, id)).toBe('paying');
    expect(await income(who)).toBe(0);

    // Nobody confirmed it in 24 hours: the provider cancelled it.
    provider.books.forEach((entry) => (entry.state = { state: 'failed', reference: 'BILL-7', reason: '超时未领取，已撤销' }));
    provider.queryFails = true;
    await nextRun(service);
    expect(await statusOf(who, id)).toBe('paying');
    provider.queryFails = false;
    await nextRun(service);
    expect(await statusOf(who, id)).toBe('failed');
    expect(await income(who)).toBe(1_200);
    const [row] = (await service.listForAdmin({ keyword: who.phone, pageNum: 1, pageSize: 5 })).list;
    expect(row).toMatchObject({ failure: '超时未领取，已撤销', providerReference: 'BILL-7', lastError: '' });
    expect(provider.transfers).toBe(1);
  });

  it('pays one withdrawal once even when two runs reach it at the same moment', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 1_000);
    clock += 60_000;
    const runs = await Promise.all([service.payOut(), service.payOut(), serviceWith(provider).payOut()]);
    expect(runs.reduce((paid, run) => paid + run.paid, 0)).toBe(1);
    expect(await statusOf(who, id)).toBe('paid');
    expect(provider.transfers).toBe(1);
  });
});

describe('a site that pays out to Alipay only', () => {
  it('offers Alipay alone, says nothing is a test, and refuses WeChat', async () => {
    const service = serviceWith(new ScriptedProvider());
    const who = await person(testApp.app);
    expect(await service.options(who.id)).toMatchObject({ channels: ['alipay'], sandbox: false });
    await expect(
      service.bindAccount(who.id, 'wechat', { account: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', realName: '王小明' }),
    ).rejects.toMatchObject({
      code: WithdrawalErrors.payoutChannelUnavailable.code,
      httpStatus: 400,
    });
    await expect(service.request(who.id, { amount: 1_000, channel: 'wechat' })).rejects.toMatchObject({
      code: WithdrawalErrors.payoutChannelUnavailable.code,
    });
  });
});

describe('payouts that end', () => {
  const adminRow = async (service: WithdrawalsService, who: Person) =>
    (await service.listForAdmin({ keyword: who.phone, pageNum: 1, pageSize: 5 })).list[0]!;

  it('backs off after each unknown outcome, stops at the limit, alerts the admins, and an admin ends it once nothing was paid', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 1_800);
    provider.down = true;

    expect(await nextRun(service)).toMatchObject({ checked: 1, open: 1 });
    for (let streak = 1; streak < PAYOUT_RETRY_LIMIT; streak += 1) {
      // Not a second before its wait is over: 1, 2, 4… minutes, at most an hour.
      clock += retryDelayMs(streak) - 1_000;
      expect(await service.payOut(), `wait after ${streak}`).toMatchObject({ checked: 0 });
      clock += 1_000;
      expect(await service.payOut(), `look ${streak + 1}`).toMatchObject({ checked: 1, open: 1 });
    }
    expect(retryDelayMs(PAYOUT_RETRY_LIMIT)).toBe(60 * 60_000);
    const stuck = await adminRow(service, who);
    expect(stuck).toMatchObject({ status: 'paying', attempts: PAYOUT_RETRY_LIMIT, lastError: expect.stringContaining('ECONNREFUSED') });
    expect(stuck.payoutStuckAt).toBe(clock);

    // The job asks no more, however long it runs.
    const calls = provider.queries;
    clock += 24 * 60 * 60_000;
    expect(await service.payOut()).toMatchObject({ checked: 0 });
    expect(provider.queries).toBe(calls);

    const inbox = json<{ data: NotificationPage }>(await admin.call('GET', '/api/c/notifications?pageSize=50')).data;
    expect(
      inbox.list.find((notice) => notice.kind === 'withdrawalPayoutStuck' && notice.params.withdrawalNo === stuck.withdrawalNo),
    ).toMatchObject({
      params: { price: 1_800, attempts: PAYOUT_RETRY_LIMIT, error: expect.stringContaining('ECONNREFUSED') },
      link: '/admin/withdrawals',
    });

    // While the provider cannot tell, the admin cannot end it either.
    await expect(service.endAsFailed(admin, id, '渠道确认未付款')).rejects.toMatchObject({
      code: WithdrawalErrors.withdrawalPayoutUnconfirmed.code,
    });
    provider.down = false;
    const ended = await service.endAsFailed(admin, id, '渠道确认未付款');
    expect(ended).toMatchObject({ status: 'failed', failure: '渠道确认未付款', payoutStuckAt: null, nextAttemptAt: null });
    expect(await income(who)).toBe(1_800);
    expect(provider.transfers).toBe(0);
  });

  it('refuses to end a payout the provider says was paid, and books it instead at the next look', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 1_100);
    provider.nextTransfer = 'loseAnswer';
    await nextRun(service);
    // A run just called the provider: its call may still be on the way.
    await expect(service.endAsFailed(admin, id, 'x')).rejects.toMatchObject({ code: WithdrawalErrors.withdrawalPayoutInFlight.code });
    clock += 3 * 60_000;
    await expect(service.endAsFailed(admin, id, 'x')).rejects.toMatchObject({
      code: WithdrawalErrors.withdrawalPayoutWasPaid.code,
      httpStatus: 409,
    });
    expect(await statusOf(who, id)).toBe('paying');
    await nextRun(service);
    expect(await statusOf(who, id)).toBe('paid');
    await expect(service.endAsFailed(admin, id, 'x')).rejects.toMatchObject({ code: WithdrawalErrors.withdrawalNotEndable.code });
  });

  it('hands a payout it gave up on back to the job when the provider, asked by the admin, says it was paid', async () => {
    const provider = new ScriptedProvider();
    const service = serviceWith(provider);
    const { who, id } = await approvedWithdrawal(service, 1_700);
    provider.nextTransfer = 'loseAnswer';
    await nextRun(service);
    provider.down = true;
    for (let streak = 1; streak < PAYOUT_RETRY_LIMIT; streak += 1) {
      clock += retryDelayMs(streak);
      await service.payOut();
    }
    expect((await adminRow(service, who)).payoutStuckAt).not.toBeNull();
    provider.down = false;
    clock += 60 * 60_000;
    await expect(service.endAsFailed(admin, id, 'x')).rejects.toMatchObject({ code: WithdrawalErrors.withdrawalPayoutWasPaid.code });
    expect(await service.payOut()).toMatchObject({ paid: 1 });
    expect(await statusOf(who, id)).toBe('paid');
    expect(await income(who)).toBe(0);
  });

  it('works through each provider side by side: one that hangs holds up no other', async () => {
    const slow = new ScriptedProvider('alipay');
    const quick = new ScriptedProvider('wechat');
    const service = serviceWith(slow, quick);
    const stuckBehind = await approvedWithdrawal(service, 1_000, 1_000, 'alipay');
    const ahead = await approvedWithdrawal(service, 1_000, 1_000, 'wechat');
    let release = () => {};
    slow.hold = new Promise((resolve) => (release = resolve));

    const run = nextRun(service);
    await expect.poll(() => statusOf(ahead.who, ahead.id), { timeout: 10_000 }).toBe('paid');
    expect(await statusOf(stuckBehind.who, stuckBehind.id)).toBe('paying');
    release();
    expect(await run).toMatchObject({ paid: 2 });
    expect(await statusOf(stuckBehind.who, stuckBehind.id)).toBe('paid');
  });

  it('leaves the withdrawals of a provider no longer configured waiting, untouched, while the others are paid', async () => {
    const wechat = new ScriptedProvider('wechat');
    wechat.outcome = { state: 'processing', reference: 'BILL-9' };
    const alipay = new ScriptedProvider('alipay');
    const both = serviceWith(alipay, wechat);
    const waiting = await approvedWithdrawal(both, 1_300, 1_300, 'wechat');
    await nextRun(both);
    expect(await statusOf(waiting.who, waiting.id)).toBe('paying');

    const alipayOnly = serviceWith(alipay);
    const other = await approvedWithdrawal(alipayOnly, 1_000);
    const before = await adminRow(alipayOnly, waiting.who);
    expect(await nextRun(alipayOnly)).toEqual({ checked: 1, paid: 1, failed: 0, open: 0 });
    expect(await statusOf(other.who, other.id)).toBe('paid');
    expect(await adminRow(alipayOnly, waiting.who)).toMatchObject({ status: 'paying', attempts: before.attempts, lastError: '' });
    expect(await income(waiting.who)).toBe(0);
  });
});
