import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FlowRechargeOrder, MarketListingDetail, MarketPurchase, MarketPurchaseAnswer, WorkDetail } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { BuyDialog } from './buy-dialog';

const api = setUpApiHarness();
afterEach(() => cleanup());
beforeEach(() => {
  localStorage.clear();
  return act(() => i18n.changeLanguage('en'));
});

const work = { uid: 'w1', name: 'Riverside loft', type: 'model3d' as const, coverUrl: '' };
const person = { uid: 'u2', name: 'Seller', avatarUrl: '' };

const listing = (extra: Partial<MarketListingDetail> = {}): MarketListingDetail => ({
  id: 7,
  work: { ...work, description: '' },
  detail: {} as WorkDetail,
  priceFen: 5000,
  licence: 'copy',
  seller: person,
  sales: 0,
  listedAt: 0,
  status: 'onMarket',
  purchaseId: null,
  mine: false,
  providers: ['sandbox'],
  balanceFen: 8000,
  ...extra,
});

const purchase: MarketPurchase = {
  id: 3,
  orderNo: 'M3',
  listingId: 7,
  work,
  copyUid: 'c9',
  licence: 'copy',
  priceFen: 5000,
  feeFen: 500,
  paidFromBalanceFen: 5000,
  paidByProviderFen: 0,
  provider: null,
  status: 'completed',
  seller: person,
  buyer: { uid: 'u1', name: 'Buyer', avatarUrl: '' },
  purchasedAt: 0,
  refundedAt: null,
  refundReason: '',
  refundableUntil: 0,
};

function openDialog(detail: MarketListingDetail) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/marketDetails/7']}>
          <BuyDialog listing={detail} open onClose={() => undefined} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const sentPurchase = () => api.seen.find((config) => config.url === '/market/listings/7/purchase')!;

describe('BuyDialog', () => {
  it('pays from the balance when it covers the price, with one key for the purchase, and leads to the copy', async () => {
    api.replyWith({ purchase, order: null, balanceFen: 3000 } satisfies MarketPurchaseAnswer);
    openDialog(listing());
    expect(screen.getByTestId('market-buy-how').textContent).toBe('¥50.00 is paid from your balance, which keeps ¥30.00.');
    fireEvent.click(screen.getByTestId('market-buy-pay'));
    expect(await screen.findByTestId('market-bought')).toBeTruthy();
    expect(screen.getByText('Your balance is now ¥30.00.')).toBeTruthy();
    expect(screen.getByTestId('market-open-bought').textContent).toBe('Open my copy');
    expect(JSON.parse(String(sentPurchase().data))).toEqual({ method: 'balance' });
    expect(String(sentPurchase().headers.get('Idempotency-Key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pays what the balance lacks by QR code and shows the checkout', async () => {
    const order: FlowRechargeOrder = {
      id: 4,
      orderNo: 'R4',
      provider: 'sandbox',
      status: 'pending',
      months: 0,
      amountFen: 2000,
      codeUrl: '/mobile/sandboxPay/R4?sign=s4',
      createdAt: Date.now(),
      expiresAt: Date.now() + 15 * 60_000,
      paidAt: null,
      balanceFen: 3000,
    };
    api.replyBy((config) => (config.url === '/market/listings/7/purchase' ? { purchase: null, order, balanceFen: 3000 } : order));
    openDialog(listing({ balanceFen: 3000 }));
    expect(screen.getByTestId('market-buy-how').textContent).toContain(
      'Your balance pays ¥30.00; the remaining ¥20.00 is paid by QR code.',
    );
    expect(screen.getByTestId('market-buy-pay').textContent).toBe('Pay ¥20.00 by QR code');
    fireEvent.click(screen.getByTestId('market-buy-pay'));
    expect((await screen.findByTestId('market-open-checkout')).getAttribute('href')).toContain('/mobile/sandboxPay/R4');
    expect(screen.getByTestId('market-checkout').textContent).toContain('"Riverside loft" · order R4');
    await waitFor(() => expect(JSON.parse(String(sentPurchase().data))).toEqual({ method: 'sandbox' }));
  });

  it('has no way to pay when the balance is short and the site takes no payments', () => {
    openDialog(listing({ balanceFen: 100, providers: [] }));
    expect(screen.getByTestId<HTMLButtonElement>('market-buy-pay').disabled).toBe(true);
    expect(screen.getByText('Your balance is ¥49.00 short and no payment method is available. Recharge first.')).toBeTruthy();
  });
});
