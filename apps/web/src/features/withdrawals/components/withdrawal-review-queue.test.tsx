import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { AdminWithdrawal, Page } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http, type HttpAdapter } from '../../../api/client';
import { i18n } from '../../../i18n';
import { clearSession, sessionStore } from '../../../stores/session-store';
import { WithdrawalReviewQueue } from './withdrawal-review-queue';

afterEach(() => {
  cleanup();
  clearSession();
});

const row = (id: number, uid: string, fields: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id,
  withdrawalNo: `W2026112900000000000000${id}`,
  amountFen: 2_000,
  channel: 'alipay',
  account: '139****5678',
  status: 'reviewing',
  rejectReason: '',
  failure: '',
  createdAt: Date.UTC(2026, 10, 29),
  reviewedAt: null,
  paidAt: null,
  failedAt: null,
  user: { uid, name: `Person ${uid}`, phone: '13900000000' },
  accountFull: '13912345678',
  realName: '王小明',
  reviewer: null,
  provider: null,
  providerReference: '',
  attempts: 0,
  lastError: '',
  withdrawableFen: 500,
  identityNames: [],
  payeeNameMismatch: false,
  nextAttemptAt: null,
  payoutStuckAt: null,
  ...fields,
});

function serve(list: AdminWithdrawal[]) {
  const page: Page<AdminWithdrawal> = { list, total: list.length, pageNum: 1, pageSize: 20 };
  const adapter: HttpAdapter = async (config) => {
    if (config.url !== '/admin/withdrawals') throw new Error(`unexpected request ${config.method} ${config.url}`);
    return { status: 200, statusText: '', data: { code: 0, msg: 'ok', data: page }, headers: {} };
  };
  http.defaults.adapter = adapter;
}

describe('WithdrawalReviewQueue', () => {
  it('lets an admin approve others’ withdrawals but not their own, and tags a payee who is not the real-name identity', async () => {
    await act(() => i18n.changeLanguage('en'));
    sessionStore.set((session) => ({ ...session, uid: 'ME', token: 't' }));
    serve([row(1, 'ME'), row(2, 'OTHER', { identityNames: ['李四'], payeeNameMismatch: true })]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntdApp>
          <MemoryRouter>
            <WithdrawalReviewQueue />
          </MemoryRouter>
        </AntdApp>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('withdrawal-queue-row');
    expect(rows).toHaveLength(2);
    const [own, other] = rows as [HTMLElement, HTMLElement];
    expect(within(own).getByTestId<HTMLButtonElement>('withdrawal-approve').disabled).toBe(true);
    expect(within(own).getByTestId<HTMLButtonElement>('withdrawal-reject').disabled).toBe(false);
    expect(within(own).queryByTestId('withdrawal-name-mismatch')).toBeNull();
    expect(within(other).getByTestId<HTMLButtonElement>('withdrawal-approve').disabled).toBe(false);
    expect(within(other).getByTestId('withdrawal-name-mismatch').textContent).toBe('Not the real-name identity (李四)');

    await act(() => i18n.changeLanguage('zh'));
    expect(within(other).getByTestId('withdrawal-name-mismatch').textContent).toBe('与实名认证不符（李四）');
  });
});
