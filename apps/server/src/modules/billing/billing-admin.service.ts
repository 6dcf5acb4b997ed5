import type { BillingPrices, FlowRechargePlan } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { RechargeService } from '../recharge/index.js';
import type { BillingRepository } from './billing.repository.js';

export interface BillingSettings {
  prices: BillingPrices;
  plans: FlowRechargePlan[];
}

/** The back office's billing page: traffic and lease prices, and the recharge price list (docs/billing.md). */
export class BillingAdminService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly recharge: RechargeService,
    private readonly adminLog: AdminLogService,
  ) {}

  async settings(): Promise<BillingSettings> {
    const [prices, plans] = await Promise.all([this.repository.prices(), this.recharge.plans()]);
    return { prices, plans };
  }

  /** New prices apply to the days billed from now on; bills already written keep theirs. */
  async updatePrices(adminUserId: number, prices: BillingPrices): Promise<BillingSettings> {
    await this.repository.db.transaction(async (tx) => {
      const before = await this.repository.prices(tx);
      await this.repository.updatePrices(prices, tx);
      await this.adminLog.record(tx, {
        adminUserId,
        action: 'billing.prices',
        targetType: 'billingPrices',
        targetId: 1,
        before,
        after: prices,
      });
    });
    return this.settings();
  }

  /** Replaces the recharge price list: at least one plan, each number of months once. */
  async updatePlans(adminUserId: number, plans: FlowRechargePlan[]): Promise<BillingSettings> {
    if (new Set(plans.map((plan) => plan.months)).size !== plans.length) throw fail('rechargePlanMonthsRepeated');
    const sorted = [...plans].sort((a, b) => a.months - b.months);
    await this.repository.db.transaction(async (tx) => {
      const before = await this.recharge.replacePlans(sorted, tx);
      await this.adminLog.record(tx, {
        adminUserId,
        action: 'billing.rechargePlans',
        targetType: 'rechargePlans',
        targetId: 'all',
        before,
        after: sorted,
      });
    });
    return this.settings();
  }
}
