import { INCOME_DEFAULT_DAYS, INCOME_MAX_DAYS, daysInRange, type IncomeSource, type IncomeStat } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays, daysFrom } from '../../lib/day-range.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';

/**
 * The ledger movements that are income, by the kind they were booked with, and the source each one
 * counts under. Only these count: a withdrawal takes money out of income and is not income, nor is
 * money a refused withdrawal gives back.
 */
export const INCOME_KINDS: Readonly<Record<string, IncomeSource>> = {
  workSale: 'orientation',
  // A market sale credits the seller's income with the price less the platform's fee (docs/market.md).
  marketSale: 'market',
  serviceOrderIncome: 'serviceProvider',
  // What an admin's cancellation left the provider of an order (docs/service-orders.md "Cancelling").
  serviceOrderRefund: 'serviceProvider',
  // A team reward past its pending window (docs/team.md); its memo is the payment's order number.
  teamRewardReleased: 'team',
};

export interface IncomeQuery {
  startTime?: string;
  endTime?: string;
  pageNum: number;
  pageSize: number;
}

/** `/recode/income` (permission 37): what a person earned, by source and by day, from the ledger (docs/orders.md). */
export class IncomeService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly now: () => number = Date.now,
    private readonly calendar = new BusinessCalendar(),
  ) {}

  async stat(userId: number, query: IncomeQuery): Promise<IncomeStat> {
    // The days as sent are checked first: an open start is counted back from the end.
    this.calendar.parseDayRange(query.startTime, query.endTime);
    const today = this.calendar.today(this.now());
    const { startTime, endTime } = this.range(query.startTime, query.endTime, today);
    const { from, to } = this.calendar.parseDayRange(startTime, endTime);
    const days = daysInRange(startTime, endTime);
    if (days > INCOME_MAX_DAYS) throw fail('dateRangeTooLong', { max: INCOME_MAX_DAYS, days });
    const account = LedgerAccount.income(userId);
    const kinds = Object.keys(INCOME_KINDS);
    const [sums, records, withdrawableFen] = await Promise.all([
      this.ledger.creditSums(account, kinds, from!, to!, this.calendar.zone),
      this.ledger.credits(account, kinds, from!, to!, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
      this.ledger.balance(account),
    ]);
    const bySource = new Map<IncomeSource, { source: IncomeSource; amountFen: number; count: number }>();
    for (const row of sums.byKind) {
      const source = INCOME_KINDS[row.kind]!;
      const sum = bySource.get(source) ?? { source, amountFen: 0, count: 0 };
      sum.amountFen += row.amount;
      sum.count += row.count;
      bySource.set(source, sum);
    }
    const perDay = new Map(sums.byDay.map((row) => [row.day, row.amount]));
    return {
      startTime,
      endTime,
      today,
      totalFen: [...bySource.values()].reduce((total, sum) => total + sum.amountFen, 0),
      withdrawableFen,
      bySource: [...bySource.values()].sort((a, b) => b.amountFen - a.amountFen),
      byDay: daysFrom(startTime, endTime).map((day) => ({ day, amountFen: perDay.get(day) ?? 0 })),
      records: {
        list: records.rows.map((row) => ({
          id: row.transactionId,
          at: row.at.getTime(),
          source: INCOME_KINDS[row.kind]!,
          amountFen: row.amount,
          description: row.memo,
        })),
        total: records.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      },
    };
  }

  /** The days asked for; an open end is today (a business day), an open start the default window before the end. */
  private range(startTime: string | undefined, endTime: string | undefined, today: string): { startTime: string; endTime: string } {
    const end = endTime || today;
    return { startTime: startTime || addDays(end, -(INCOME_DEFAULT_DAYS - 1)), endTime: end };
  }
}
