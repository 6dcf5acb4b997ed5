import { ErrorCode, OrderErrors } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { LedgerAccount, type LedgerService } from '../ledger/ledger.service.js';
import { INCOME_KINDS, IncomeService } from './income.service.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

type Sums = Awaited<ReturnType<LedgerService['creditSums']>>;
type Credits = Awaited<ReturnType<LedgerService['credits']>>;

/** A ledger that answers what the test gives it and remembers what it was asked. */
function setUp(answers: { sums?: Sums; credits?: Credits; balance?: number } = {}) {
  const asked: { method: string; args: unknown[] }[] = [];
  const ledger = {
    creditSums: (...args: unknown[]) => (
      asked.push({ method: 'creditSums', args }),
      Promise.resolve(answers.sums ?? { byKind: [], byDay: [] })
    ),
    credits: (...args: unknown[]) => (asked.push({ method: 'credits', args }), Promise.resolve(answers.credits ?? { rows: [], total: 0 })),
    balance: (...args: unknown[]) => (asked.push({ method: 'balance', args }), Promise.resolve(answers.balance ?? 0)),
  } as unknown as LedgerService;
  return { asked, income: new IncomeService(ledger, () => NOW) };
}

const page = { pageNum: 1, pageSize: 10 };
/** The instant a Beijing day begins: 16:00 UTC of the day before. */
const day = (text: string) => new Date(`${text}T00:00:00+08:00`);

describe('income statistics', () => {
  it('cover the last 30 days up to today (in Beijing) when no day is given, one entry a day', async () => {
    const { asked, income } = setUp();
    const stat = await income.stat(7, page);
    expect(stat).toMatchObject({ startTime: '2026-02-09', endTime: '2026-03-10', today: '2026-03-10', totalFen: 0, bySource: [] });
    expect(stat.byDay).toHaveLength(30);
    expect(stat.byDay[0]).toEqual({ day: '2026-02-09', amountFen: 0 });
    expect(stat.byDay.at(-1)).toEqual({ day: '2026-03-10', amountFen: 0 });
    // Both days included: up to the start of the day after the end.
    expect(asked.find((call) => call.method === 'creditSums')!.args).toEqual([
      LedgerAccount.income(7),
      Object.keys(INCOME_KINDS),
      day('2026-02-09'),
      day('2026-03-11'),
      'Asia/Shanghai',
    ]);
  });

  it('count today as Beijing’s: at 16:00 UTC the next day has begun', async () => {
    const ledger = {
      creditSums: async () => ({ byKind: [], byDay: [] }),
      credits: async () => ({ rows: [], total: 0 }),
      balance: async () => 0,
    };
    const late = new IncomeService(ledger as unknown as LedgerService, () => Date.parse('2026-03-10T16:00:00Z'));
    expect(await late.stat(7, page)).toMatchObject({ startTime: '2026-02-10', endTime: '2026-03-11', today: '2026-03-11' });
    const early = new IncomeService(ledger as unknown as LedgerService, () => Date.parse('2026-03-10T15:59:59Z'));
    expect(await early.stat(7, page)).toMatchObject({ endTime: '2026-03-10' });
  });

  it('count an open start back from the end given, and an open end is today', async () => {
    const { income } = setUp();
    expect(await income.stat(7, { ...page, endTime: '2026-01-31' })).toMatchObject({ startTime: '2026-01-02', endTime: '2026-01-31' });
    expect(await income.stat(7, { ...page, startTime: '2026-03-01' })).toMatchObject({ startTime: '2026-03-01', endTime: '2026-03-10' });
  });

  it('ask the ledger for the income account’s income kinds only: a withdrawal or a refund is no income', async () => {
    const { asked, income } = setUp();
    await income.stat(7, page);
    expect(Object.keys(INCOME_KINDS)).not.toContain('withdrawal');
    for (const call of asked.filter((call) => call.method !== 'balance'))
      expect(call.args.slice(0, 2)).toEqual([
        LedgerAccount.income(7),
        ['workSale', 'marketSale', 'serviceOrderIncome', 'serviceOrderRefund', 'teamRewardReleased'],
      ]);
    expect(asked.find((call) => call.method === 'balance')!.args).toEqual([LedgerAccount.income(7)]);
  });

  it('refuse more than 366 days, a reversed range and a day that does not exist, before asking the ledger', async () => {
    const { asked, income } = setUp();
    await expect(income.stat(7, { ...page, startTime: '2025-01-01', endTime: '2026-01-02' })).rejects.toMatchObject({
      code: OrderErrors.dateRangeTooLong.code,
      params: { max: 366, days: 367 },
    });
    await expect(income.stat(7, { ...page, startTime: '2026-01-02', endTime: '2026-01-01' })).rejects.toMatchObject({
      code: OrderErrors.dateRangeReversed.code,
    });
    await expect(income.stat(7, { ...page, endTime: '2026-02-30' })).rejects.toMatchObject({ code: ErrorCode.validation });
    expect(asked).toEqual([]);
    await expect(income.stat(7, { ...page, startTime: '2025-01-01', endTime: '2026-01-01' })).resolves.toMatchObject({ totalFen: 0 });
  });

  it('add up the income by source and by day, and list its records a page at a time', async () => {
    const at = new Date('2026-03-09T08:30:00Z');
    const { asked, income } = setUp({
      sums: {
        byKind: [{ kind: 'workSale', amount: 1_250, count: 2 }],
        byDay: [
          { day: '2026-03-08', amount: 1_000 },
          { day: '2026-03-09', amount: 250 },
        ],
      },
      credits: { rows: [{ transactionId: 31, at, kind: 'workSale', amount: 250, memo: '江景样板间' }], total: 21 },
      balance: 900,
    });
    const stat = await income.stat(7, { startTime: '2026-03-07', endTime: '2026-03-09', pageNum: 3, pageSize: 10 });
    expect(stat).toEqual({
      startTime: '2026-03-07',
      endTime: '2026-03-09',
      today: '2026-03-10',
      totalFen: 1_250,
      withdrawableFen: 900,
      bySource: [{ source: 'orientation', amountFen: 1_250, count: 2 }],
      byDay: [
        { day: '2026-03-07', amountFen: 0 },
        { day: '2026-03-08', amountFen: 1_000 },
        { day: '2026-03-09', amountFen: 250 },
      ],
      records: {
        list: [{ id: 31, at: at.getTime(), source: 'orientation', amountFen: 250, description: '江景样板间' }],
        total: 21,
        pageNum: 3,
        pageSize: 10,
      },
    });
    expect(asked.find((call) => call.method === 'credits')!.args.at(-1)).toEqual({ limit: 10, offset: 20 });
  });
});
