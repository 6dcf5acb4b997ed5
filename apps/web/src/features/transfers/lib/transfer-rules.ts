import { formatTimeAgo, formatYuan } from '../../../lib/format';
import { i18n } from '../../../i18n';
import type { TransferAnswer } from '../api/answer-transfer';
import type { TransferSide, TransferStatus, WorkTransfer } from '../api/types';

export type TransferAction = 'view' | TransferAnswer;

/** The filters of a transfer list, in tab order; `all` sends no status. */
export const TRANSFER_FILTERS = ['pending', 'all', 'confirmed', 'rejected', 'withdrawn', 'expired'] as const;
export type TransferFilter = (typeof TRANSFER_FILTERS)[number];

export function isTransferFilter(value: string | null | undefined): value is TransferFilter {
  return (TRANSFER_FILTERS as readonly string[]).includes(value ?? '');
}

/** The receiver starts from what waits for them; the sender from everything they shipped. */
export function defaultFilter(side: TransferSide): TransferFilter {
  return side === 'received' ? 'pending' : 'all';
}

export function statusOfFilter(filter: TransferFilter): TransferStatus | undefined {
  return filter === 'all' ? undefined : filter;
}

/**
 * The status to show: a pending transfer whose latest receipt time has passed is expired, even before
 * the server's next expiry run records it (the server refuses any answer to it).
 */
export function effectiveStatus(transfer: Pick<WorkTransfer, 'status' | 'expiresAt'>, now: number): TransferStatus {
  return transfer.status === 'pending' && transfer.expiresAt <= now ? 'expired' : transfer.status;
}

/** What one side may do with a transfer: anyone may look; only a pending one can be answered. */
export function actionsFor(transfer: Pick<WorkTransfer, 'status' | 'expiresAt'>, side: TransferSide, now: number): TransferAction[] {
  if (effectiveStatus(transfer, now) !== 'pending') return ['view'];
  return side === 'received' ? ['view', 'confirm', 'reject'] : ['view', 'withdraw'];
}

/** '¥12.50' for a sale, 'Free' for a distribution. */
export function formatTransferPrice(transfer: Pick<WorkTransfer, 'kind' | 'price'>): string {
  return transfer.kind === 'distribute' ? i18n.t('transfers.price.free') : formatYuan(transfer.price);
}

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface ReceiptCountdown {
  text: string;
  /** Less than a day left: worth drawing attention to. */
  urgent: boolean;
}

/**
 * The time left to answer a pending transfer ('2 days left', '5 hours left'), or null when there is no
 * countdown to show (answered, or the time is up). Built on spec 9's time-ago formatter, run forwards.
 */
export function receiptCountdown(transfer: Pick<WorkTransfer, 'status' | 'expiresAt'>, now: number): ReceiptCountdown | null {
  if (effectiveStatus(transfer, now) !== 'pending') return null;
  const left = transfer.expiresAt - now;
  const text =
    left < MINUTE_MS
      ? i18n.t('transfers.countdown.underAMinute')
      : i18n.t('transfers.countdown.left', { time: formatTimeAgo(now, transfer.expiresAt) });
  return { text, urgent: left < 24 * HOUR_MS };
}

/** Tag colours of antd for each status. */
export const STATUS_COLORS: Record<TransferStatus, string> = {
  pending: 'processing',
  confirmed: 'success',
  rejected: 'error',
  withdrawn: 'default',
  expired: 'warning',
};

/** The other party of the transfer, as this side sees it. */
export function counterpartOf(transfer: Pick<WorkTransfer, 'sender' | 'receiver'>, side: TransferSide) {
  return side === 'received' ? transfer.sender : transfer.receiver;
}
