import { PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT, type WithdrawalSettings } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { withdrawalSettings } from './withdrawals.tables.js';

/** The back office's withdrawal settings: one row (migration 0019 writes it). */
export class WithdrawalSettingsRepository {
  constructor(readonly db: Db) {}

  async settings(executor: Executor = this.db): Promise<WithdrawalSettings> {
    const [row] = await executor.select().from(withdrawalSettings).where(eq(withdrawalSettings.id, 1));
    return { payoutAccountCoolingHours: row?.payoutAccountCoolingHours ?? PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT };
  }

  async update(settings: WithdrawalSettings, tx: Transaction): Promise<void> {
    await tx
      .insert(withdrawalSettings)
      .values({ id: 1, ...settings, updatedAt: new Date() })
      .onConflictDoUpdate({ target: withdrawalSettings.id, set: { ...settings, updatedAt: new Date() } });
  }
}
