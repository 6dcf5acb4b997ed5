import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FlowRechargeOrder, MembershipItem, MembershipRenewal, MembershipRenewalOptions } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { sessionStore } from '../../../stores/session-store';
import { setUpApiHarness } from '../../../test/api-harness';
import { RenewPanel } from './renew-panel';

const api = setUpApiHarness();
afterEach(() => cleanup());
beforeEach(() => {
  localStorage.clear();
  sessionStore.set((session) => ({ ...session, roles: ['customer'] }));
  return act(() => i18n.changeLanguage('en'));
});

const DAY = 24 * 60 * 60 * 1000;
const MEMBERSHIP: MembershipItem = {
  id: 1,
  versionId: 1,
  versionName: 'Professional',
  kind: 'trial',
  status: 'active',
  startsAt: Date.now() - DAY,
  endsAt: Date.now() + 29 * DAY,
  graceEndsAt: Date.now() + 36 * DAY,
  autoRenew: false,
};

const renewal = (extra: Partial<MembershipRenewalOptions> = {}): MembershipRenewalOptions => ({
  versionId: 1,
  versionName: 'Professional',
  monthlyPriceFen: 9900,
  months: [1, 3, 6, 12],
  providers: ['sandbox'],
  balanceFen: 16_000,
  debtFen: 0,
  ...extra,
});

function openPanel(options: MembershipRenewalOptions) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/userInformation/vip']}>
          <RenewPanel membership={MEMBERSHIP} renewal={options} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const radio = (method: string) => document.querySelector<HTMLInputElement>(`input[type=radio][value="${method}"]`)!;

describe('RenewPanel', () => {
  it('pays the months from the balance after a confirmation that names the amount, and sends one key for the purchase', async () => {
    api.replyBy((config): MembershipRenewal | null => {
      if (config.url !== '/c/membership/renew') return null;
      return { membership: { ...MEMBERSHIP, kind: 'paid', endsAt: MEMBERSHIP.endsAt + 30 * DAY }, order: null, balanceFen: 6100 };
    });
    openPanel(renewal());
    expect(screen.getByTestId('renew-total').textContent).toBe('¥99.00');
    expect(radio('balance').checked).toBe(true);
    fireEvent.click(screen.getByTestId('renew-pay'));
    expect(await screen.findByText(/^Pay ¥99\.00 from your balance for 1 month of Professional\? It will run until/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.seen.some((config) => config.url === '/c/membership/renew')).toBe(true));
    const sent = api.seen.find((config) => config.url === '/c/membership/renew')!;
    expect(JSON.parse(String(sent.data))).toEqual({ months: 1, method: 'balance' });
    expect(String(sent.headers.get('Idempotency-Key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('disables the balance for more months than it holds, says what it lacks and leads to the recharge', () => {
    openPanel(renewal());
    fireEvent.click(screen.getByTestId('renew-months-3'));
    expect(screen.getByTestId('renew-total').textContent).toBe('¥297.00');
    expect(radio('balance').disabled).toBe(true);
    expect(screen.getByTestId('renew-short').textContent).toBe('¥137.00 short');
    expect(radio('sandbox').checked).toBe(true);
    expect(screen.getByTestId('renew-recharge').getAttribute('href')).toBe('/recharge/index');
  });

  it('refuses to renew while a refund leaves a debt', () => {
    openPanel(renewal({ debtFen: 1200 }));
    expect(screen.getByTestId('renew-debt').textContent).toContain('¥12.00');
    expect(screen.getByTestId<HTMLButtonElement>('renew-pay').disabled).toBe(true);
  });

  it('shows the QR checkout of a renewal paid by a provider', async () => {
    const order: FlowRechargeOrder = {
      id: 3,
      orderNo: 'R3',
      provider: 'sandbox',
      status: 'pending',
      months: 3,
      amountFen: 29_700,
      codeUrl: '/mobile/sandboxPay/R3?sign=s3',
      createdAt: Date.now(),
      expiresAt: Date.now() + 15 * 60_000,
      paidAt: null,
      balanceFen: 16_000,
    };
    api.replyBy((config) =>
      config.url === '/c/membership/renew' ? ({ membership: MEMBERSHIP, order, balanceFen: 16_000 } satisfies MembershipRenewal) : order,
    );
    openPanel(renewal());
    fireEvent.click(screen.getByTestId('renew-months-3'));
    fireEvent.click(screen.getByTestId('renew-pay'));
    expect((await screen.findByTestId('renew-open-checkout')).getAttribute('href')).toContain('/mobile/sandboxPay/R3');
    expect(screen.getByTestId('renew-checkout').textContent).toContain('Professional, 3 months · order R3');
    const sent = api.seen.find((config) => config.url === '/c/membership/renew')!;
    expect(JSON.parse(String(sent.data))).toEqual({ months: 3, method: 'sandbox' });
  });
});
