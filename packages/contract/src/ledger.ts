import { defineErrors } from './errors.js';

/** The ledger of balances and income (the ledger module): 1601. */
export const LedgerErrors = defineErrors({
  insufficientBalance: { code: 1601, status: 409, zh: '余额不足', en: 'Insufficient balance' },
});
