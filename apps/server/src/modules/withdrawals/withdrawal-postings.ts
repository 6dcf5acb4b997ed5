import type { Posting } from '../ledger/ledger.service.js';

/**
 * The three ledger movements of a withdrawal (docs/withdrawals.md), built from the accounts they touch:
 * the service books them with the real accounts, the ledger's property test with its own. Each is keyed
 * by the withdrawal's id, so a movement retried (a job run again, a second admin) books once.
 */
export interface WithdrawalAccounts {
  /** The person's income: what can be withdrawn. */
  income: string;
  /** Where the money waits between the request and the payout or its reversal. */
  pending: string;
}

/** The request: the amount leaves the income (refused below zero) and waits as pending. */
export function requestPosting(withdrawalId: number | string, amountFen: number, accounts: WithdrawalAccounts): Posting {
  return {
    reference: `withdrawal:${withdrawalId}:request`,
    kind: 'withdrawal',
    entries: [
      { account: accounts.income, amount: -amountFen },
      { account: accounts.pending, amount: amountFen },
    ],
  };
}

/** Paid out: the pending money leaves through the provider's payout account. */
export function paidPosting(withdrawalId: number | string, amountFen: number, accounts: WithdrawalAccounts & { payouts: string }): Posting {
  return {
    reference: `withdrawal:${withdrawalId}:paid`,
    kind: 'withdrawalPaid',
    entries: [
      { account: accounts.pending, amount: -amountFen },
      { account: accounts.payouts, amount: amountFen },
    ],
  };
}

/** Rejected by an admin or refused by the provider: the pending money goes back to the income. */
export function reversalPosting(withdrawalId: number | string, amountFen: number, accounts: WithdrawalAccounts): Posting {
  return {
    reference: `withdrawal:${withdrawalId}:reversal`,
    kind: 'withdrawalReversal',
    entries: [
      { account: accounts.pending, amount: -amountFen },
      { account: accounts.income, amount: amountFen },
    ],
  };
}
