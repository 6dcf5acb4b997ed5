import { defineErrors } from './errors.js';
import ledgerErrors from './ledger.errors.json' with { type: 'json' };

/** The ledger of balances and income (the ledger module): 1601. */
export const LedgerErrors = defineErrors(ledgerErrors);
