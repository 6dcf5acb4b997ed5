import type { Posting } from '../ledger/index.js';

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
  return movement(withdrawalId, 'request', 'withdrawal', amountFen, accounts.income, accounts.pending);
}

/** Paid out: the pending money leaves through the provider's payout account. */
export function paidPosting(withdrawalId: number | string, amountFen: number, accounts: WithdrawalAccounts & { payouts: string }): Posting {
  return movement(withdrawalId, 'paid', 'withdrawalPaid', amountFen, accounts.pending, accounts.payouts);
}

/** Rejected by an admin or refused by the provider: the pending money goes back to the income. */
export function reversalPosting(withdrawalId: number | string, amountFen: number, accounts: WithdrawalAccounts): Posting {
  return movement(withdrawalId, 'reversal', 'withdrawalReversal', amountFen, accounts.pending, accounts.income);
}

/** `amountFen` leaving `from` for `to`, as the withdrawal's `step`. */
function movement(withdrawalId: number | string, step: string, kind: string, amountFen: number, from: string, to: string): Posting {
  return {
    reference: `withdrawal:${withdrawalId}:${step}`,
    kind,
    entries: [
      { account: from, amount: -amountFen },
      { account: to, amount: amountFen },
    ],
  };
}
