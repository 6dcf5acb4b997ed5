import type { NotificationKind, PayoutChannel } from '@spatia/contract';
import { LedgerAccount } from '../ledger/index.js';
import type { Notice } from '../notifications/index.js';
import type { WithdrawalAccounts } from './withdrawal-postings.js';
import type { WithdrawalRow } from './withdrawals.repository.js';

export const CHANNEL_NAMES: Record<PayoutChannel, { channelZh: string; channelEn: string }> = {
  alipay: { channelZh: '支付宝', channelEn: 'Alipay' },
  wechat: { channelZh: '微信', channelEn: 'WeChat' },
};
const LINK = '/wallet/withdrawRecord';

export type WithdrawalNotificationKind = Extract<NotificationKind, `withdrawal${string}`>;

/** The notice that tells a withdrawal's owner what became of it; `reason` says why it was rejected or failed. */
export function withdrawalNotice(row: WithdrawalRow, kind: WithdrawalNotificationKind, reason?: string): Notice {
  return {
    userId: row.userId,
    kind,
    params: { price: row.amountFen, ...(reason === undefined ? {} : { reason }), ...CHANNEL_NAMES[row.channel] },
    link: LINK,
  };
}

/** The ledger accounts a person's withdrawals move money between. */
export function withdrawalAccountsOf(userId: number): WithdrawalAccounts {
  return { income: LedgerAccount.income(userId), pending: LedgerAccount.withdrawalsPending };
}
