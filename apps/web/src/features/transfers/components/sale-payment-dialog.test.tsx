import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FlowRechargeOrder, TransferConfirmation, TransferPaymentOptions, WorkTransfer } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { SalePaymentDialog } from './sale-payment-dialog';

const api = setUpApiHarness();
afterEach(() => cleanup());
beforeEach(() => {
  localStorage.clear();
  return act(() => i18n.changeLanguage('en'));
});

const TRANSFER: WorkTransfer = {
  id: 7,
  kind: 'sale',
  status: 'pending',
  work: { uid: 'w7', name: 'Loft', type: 'panorama', coverUrl: '' },
  sender: { uid: 's', name: 'Ada', avatarUrl: '' },
  receiver: { uid: 'r', name: 'Ben', avatarUrl: '' },
  price: 20_000,
  remark: '',
  sentAt: Date.now(),
  expiresAt: Date.now() + 86_400_000,
  answeredAt: null,
};

const options = (extra: Partial<TransferPaymentOptions> = {}): TransferPaymentOptions => ({
  priceFen: 20_000,
  balanceFen: 16_000,
  debtFen: 0,
  shortFen: 4_000,
  providers: ['sandbox'],
  ...extra,
});

function openDialog(onConfirmed = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <SalePaymentDialog transfer={TRANSFER} onClose={vi.fn()} onConfirmed={onConfirmed} />
      </AntdApp>
    </QueryClientProvider>,
  );
  return onConfirmed;
}

const ORDER: FlowRechargeOrder = {
  id: 3,
  orderNo: 'R3',
  provider: 'sandbox',
  status: 'pending',
  months: 0,
  amountFen: 4_000,
  codeUrl: '/mobile/sandboxPay/R3?sign=s3',
  createdAt: Date.now(),
  expiresAt: Date.now() + 15 * 60_000,
  paidAt: null,
  balanceFen: 16_000,
};

describe('SalePaymentDialog', () => {
  it('offers the QR code for what the balance lacks, and shows its checkout with one key for the purchase', async () => {
    api.replyBy((config) => {
      if (config.url === '/transfers/7/payment') return options();
      if (config.url === '/transfers/7/confirm') return { status: 'awaitingPayment', order: ORDER } satisfies TransferConfirmation;
      return ORDER;
    });
    openDialog();
    expect((await screen.findByTestId('sale-short')).textContent).toContain('Your balance is ¥40.00 short');
    expect(screen.getByTestId('sale-balance').textContent).toBe('¥160.00');
    fireEvent.click(screen.getByTestId('sale-pay-qr'));
    expect((await screen.findByTestId('sale-open-checkout')).getAttribute('href')).toContain('/mobile/sandboxPay/R3');
    expect(screen.getByTestId('sale-checkout').textContent).toContain('The rest of the price of “Loft” · order R3');
    const sent = api.seen.find((config) => config.url === '/transfers/7/confirm')!;
    expect(JSON.parse(String(sent.data))).toEqual({ method: 'sandbox' });
    expect(String(sent.headers.get('Idempotency-Key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('confirms from the balance when it holds the price', async () => {
    api.replyBy((config) =>
      config.url === '/transfers/7/payment'
        ? options({ balanceFen: 30_000, shortFen: 0 })
        : ({ status: 'confirmed', order: null } satisfies TransferConfirmation),
    );
    const onConfirmed = openDialog();
    expect((await screen.findByText(/¥200\.00 will be paid from your balance to Ada/)).textContent).toBeTruthy();
    expect(screen.queryByTestId('sale-short')).toBeNull();
    fireEvent.click(screen.getByTestId('sale-confirm-balance'));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    const sent = api.seen.find((config) => config.url === '/transfers/7/confirm')!;
    expect(JSON.parse(String(sent.data))).toEqual({ method: 'balance' });
  });
});
