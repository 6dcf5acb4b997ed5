import { Role, type PayoutChannel, type Withdrawal, WithdrawalErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
import { PayoutProviderError, type PayoutDriver, type PayoutRequest, type PayoutState } from '../../drivers/payouts/payout-driver.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { WithdrawalSettingsRepository } from './withdrawal-settings.repository.js';
import { WithdrawalStepUp } from './withdrawal-step-up.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { WithdrawalsService } from './withdrawals.service.js';

/**
 * The payout job against a provider whose answers the test scripts: a transfer whose answer is lost
 * (the outcome unknown), a transfer that never arrived, a payout waiting for the payee. The provider
 * keeps its own books like a real one (one payout per number, whatever is sent twice), so the test can
 * count what it actually paid.
 */
class ScriptedProvider implements PayoutDriver {
  readonly provider = 'alipay';
  readonly channels: readonly PayoutChannel[] = ['alipay'];
  /** Payouts the provider made, by our number. */
  readonly books = new Map<string, { amountFen: number; state: PayoutState }>();
  transfers = 0;
  /** What the next transfer call does: answer, lose the answer after paying, or never arrive. */
  nextTransfer: 'answer' | 'loseAnswer' | 'neverArrive' = 'answer';
  /** The state a new payout takes. */
  outcome: PayoutState = { state: 'paid', reference: 'ALI-1', paidAt: new Date() };
  queryFails = false;

  async transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    this.transfers += 1;
    const mode = this.nextTransfer;
    this.nextTransfer = 'answer';
    if (mode === 'neverArrive') throw new PayoutProviderError('alipay', 'connect ETIMEDOUT');
    if (!this.books.has(request.payoutNo)) this.books.set(request.payoutNo, { amountFen: request.amountFen, state: this.outcome });
    if (mode === 'loseAnswer') throw new PayoutProviderError('alipay', 'socket hang up');
    return this.books.get(request.payoutNo)!.state as Exclude<PayoutState, { state: 'notFound' }>;
  }

  async query(payoutNo: string): Promise<PayoutState> {
    if (this.queryFails) throw new PayoutProviderError('alipay', 'isp.unknow-error');
    return this.books.get(payoutNo)?.state ?? { state: 'notFound' };
  }
}

let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin] } }));
  await testApp.app.services.ledger.openSystemAccount('system:test:sales');
  await testApp.app.services.withdrawals.updateSettings(admin, { payoutAccountCoolingHours: 0 });
});
afterAll(() => testApp.close());

let clock = Date.now();
function serviceWith(provider: ScriptedProvider): WithdrawalsService {
  const { database, ledger, notifications, adminLog, users, jobs, logger, smsCodes, identity, rateLimiter, sms } = testApp.app.services;
  return new WithdrawalsService({
    repository: new WithdrawalsRepository(database.db),
    ledger,
    notifications,
    adminLog,
    users,
    drivers: new PayoutDrivers({ alipay: provider }),
    jobs,
    log: logger,
    now: () => clock,
    stepUp: new WithdrawalStepUp({ smsCodes, users, limiter: rateLimiter }),
    settings: new WithdrawalSettingsRepository(database.db),
    identity,
    sms,
  });
}

let count = 0;
/** An approved withdrawal of `amountFen` by a new person who earned `earnedFen`. */
async function approvedWithdrawal(
  service: WithdrawalsService,
  amountFen: number,
  earnedFen = amountFen,
): Promise<{ who: Person; id: number }> {
  const who = await person(testApp.app);
  const { ledger } = testApp.app.services;
  await ledger.openUserAccounts(who.id);
  count += 1;
  await ledger.post({
    reference: `test:payout-earn:${count}`,
    kind: 'sale',
    entries: [
      { account: 'system:test:sales', amount: -earnedFen },
      { account: LedgerAccount.income(who.id), amount: earnedFen },
    ],
  });
  await service.bindAccount(who.id, 'alipay', { account: '13912345678', realName: '王小明', password: who.password });
  const withdrawal = await service.request(who.id, { amount: amountFen, channel: 'alipay', password: who.password });
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
