import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../../test/in-language';
import {
  actionsFor,
  counterpartOf,
  defaultFilter,
  effectiveStatus,
  formatTransferPrice,
  isTransferFilter,
  receiptCountdown,
  statusOfFilter,
} from './transfer-rules';
import type { TransferStatus } from '../api/types';

const NOW = new Date(2026, 0, 15, 12, 0, 0).getTime();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pending = (expiresIn: number) => ({ status: 'pending' as TransferStatus, expiresAt: NOW + expiresIn });

describe('actionsFor', () => {
  it('lets the receiver confirm or reject a pending transfer, and the sender withdraw it', () => {
    expect(actionsFor(pending(DAY), 'received', NOW)).toEqual(['view', 'confirm', 'reject']);
    expect(actionsFor(pending(DAY), 'sent', NOW)).toEqual(['view', 'withdraw']);
  });

  it('only lets either side look at an answered transfer', () => {
    for (const status of ['confirmed', 'rejected', 'withdrawn', 'expired'] as const) {
      expect(actionsFor({ status, expiresAt: NOW + DAY }, 'received', NOW)).toEqual(['view']);
      expect(actionsFor({ status, expiresAt: NOW + DAY }, 'sent', NOW)).toEqual(['view']);
    }
  });

  it('offers no answer once the latest receipt time has passed, before the server records the expiry', () => {
    expect(effectiveStatus(pending(-1), NOW)).toBe('expired');
    expect(effectiveStatus(pending(0), NOW)).toBe('expired');
    expect(effectiveStatus(pending(1), NOW)).toBe('pending');
    expect(actionsFor(pending(0), 'received', NOW)).toEqual(['view']);
    expect(actionsFor(pending(-HOUR), 'sent', NOW)).toEqual(['view']);
  });

  it('keeps an answered status whatever the clock says', () => {
    expect(effectiveStatus({ status: 'confirmed', expiresAt: NOW - DAY }, NOW)).toBe('confirmed');
  });
});

describe('filters', () => {
  it('starts the receiver on pending and the sender on everything', () => {
    expect(defaultFilter('received')).toBe('pending');
    expect(defaultFilter('sent')).toBe('all');
  });

  it('sends no status for all, the status otherwise, and knows its own names', () => {
    expect(statusOfFilter('all')).toBeUndefined();
    expect(statusOfFilter('rejected')).toBe('rejected');
    expect(isTransferFilter('withdrawn')).toBe(true);
    expect(isTransferFilter('answered')).toBe(false);
    expect(isTransferFilter(null)).toBe(false);
  });
});

describe('counterpartOf', () => {
  it('is the sender for the receiver and the receiver for the sender', () => {
    const sender = { uid: 's', name: 'Sam', avatarUrl: '' };
    const receiver = { uid: 'r', name: 'Ria', avatarUrl: '' };
    expect(counterpartOf({ sender, receiver }, 'received')).toBe(sender);
    expect(counterpartOf({ sender, receiver }, 'sent')).toBe(receiver);
  });
});

describe('in English', () => {
  inLanguage('en');

  it('prices a sale in yuan with two decimals and a distribution as free', () => {
    expect(formatTransferPrice({ kind: 'sale', price: 8800 })).toBe('¥88.00');
    expect(formatTransferPrice({ kind: 'sale', price: 123456 })).toBe('¥1,234.56');
    expect(formatTransferPrice({ kind: 'sale', price: 5 })).toBe('¥0.05');
    expect(formatTransferPrice({ kind: 'distribute', price: 0 })).toBe('Free');
  });

  it('counts down in days, then hours, then minutes', () => {
    expect(receiptCountdown(pending(7 * DAY), NOW)).toEqual({ text: '7 days left', urgent: false });
    expect(receiptCountdown(pending(2 * DAY + 5 * HOUR), NOW)).toEqual({ text: '2 days left', urgent: false });
    expect(receiptCountdown(pending(DAY), NOW)).toEqual({ text: '1 day left', urgent: false });
    expect(receiptCountdown(pending(DAY - 1), NOW)).toEqual({ text: '23 hours left', urgent: true });
    expect(receiptCountdown(pending(HOUR), NOW)?.text).toBe('1 hour left');
    expect(receiptCountdown(pending(59 * MINUTE + 30_000), NOW)?.text).toBe('59 minutes left');
    expect(receiptCountdown(pending(MINUTE), NOW)?.text).toBe('1 minute left');
    expect(receiptCountdown(pending(MINUTE - 1), NOW)).toEqual({ text: 'less than a minute left', urgent: true });
  });

  it('shows no countdown once answered or expired', () => {
    expect(receiptCountdown({ status: 'confirmed', expiresAt: NOW + DAY }, NOW)).toBeNull();
    expect(receiptCountdown(pending(0), NOW)).toBeNull();
  });
});

describe('in Chinese', () => {
  inLanguage('zh');

  it('says 赠送 for a distribution and 剩余 for the time left', () => {
    expect(formatTransferPrice({ kind: 'distribute', price: 0 })).toBe('赠送');
    expect(formatTransferPrice({ kind: 'sale', price: 1990 })).toBe('¥19.90');
    expect(receiptCountdown(pending(3 * DAY), NOW)?.text).toBe('剩余 3 天');
    expect(receiptCountdown(pending(5 * HOUR), NOW)?.text).toBe('剩余 5 小时');
    expect(receiptCountdown(pending(10_000), NOW)?.text).toBe('不足 1 分钟');
  });
});
