import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { answerTransfer, confirmSale } from './answer-transfer';
import { getTransferPayment } from './get-transfer-payment';
import { getTransferWork } from './get-transfer-work';
import { queryKeys } from '../../../api/query-keys';
import { getTransfers, pendingTransferCountQueryOptions, transfersQueryOptions } from './get-transfers';

const { seen, replyWith } = setUpApiHarness();

describe('transfers api', () => {
  it('lists one side, with a status only when filtering', async () => {
    replyWith({ list: [], total: 0, pageNum: 2, pageSize: 10 });
    await getTransfers('received', { status: 'pending', pageNum: 2, pageSize: 10 });
    await getTransfers('sent', { pageNum: 1, pageSize: 10 });
    expect(seen.map((config) => [config.method, config.url, config.params])).toEqual([
      ['get', '/transfers/received', { pageNum: 2, pageSize: 10, status: 'pending' }],
      ['get', '/transfers/sent', { pageNum: 1, pageSize: 10, status: undefined }],
    ]);
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-1');
  });

  it('counts the pending ones from the total of a one-row page', async () => {
    replyWith({ list: [{ id: 1 }], total: 7, pageNum: 1, pageSize: 1 });
    const client = new QueryClient();
    await expect(client.fetchQuery(pendingTransferCountQueryOptions('sent'))).resolves.toBe(7);
    expect(seen[0]?.params).toEqual({ pageNum: 1, pageSize: 1, status: 'pending' });
    expect(seen[0]?.silent).toBe(true);
  });

  it('keys every query under one prefix, so one invalidation refreshes them all', () => {
    for (const key of [
      transfersQueryOptions('received', { pageNum: 1, pageSize: 10 }).queryKey,
      pendingTransferCountQueryOptions('received').queryKey,
    ]) {
      expect(key.slice(0, queryKeys.transfers.all.length)).toEqual([...queryKeys.transfers.all]);
    }
  });

  it('reads the work of a transfer and posts the answers', async () => {
    replyWith(null);
    await getTransferWork(12);
    await answerTransfer({ id: 12, answer: 'confirm' });
    await answerTransfer({ id: 13, answer: 'reject' });
    await answerTransfer({ id: 14, answer: 'withdraw' });
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual([
      'get /transfers/12/work',
      'post /transfers/12/confirm',
      'post /transfers/13/reject',
      'post /transfers/14/withdraw',
    ]);
  });

  it('confirms a sale with a method and an Idempotency-Key, and reads what paying it takes', async () => {
    replyWith({ status: 'awaitingPayment', order: null });
    await getTransferPayment(21);
    await confirmSale({ id: 21, method: 'sandbox', idempotencyKey: 'k-1' });
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual(['get /transfers/21/payment', 'post /transfers/21/confirm']);
    expect(JSON.parse(String(seen[1]?.data))).toEqual({ method: 'sandbox' });
    expect(seen[1]?.headers.get('Idempotency-Key')).toBe('k-1');
  });
});
