import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FlowRechargeOptions, FlowRechargeOrder } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../api/client';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { RechargePanel } from './recharge-panel';

const api = setUpApiHarness();
afterEach(() => cleanup());
beforeEach(() => localStorage.clear());

const OPTIONS: FlowRechargeOptions = {
  plans: [
    { months: 1, feeFen: 3_000 },
    { months: 12, feeFen: 30_000 },
  ],
  providers: ['sandbox'],
  balanceFen: 0,
};

/**
 * The server as the page sees it: nativePayNow answers one order per Idempotency-Key (the first one made
 * under it, as the server does), and each order stays as `statusOf` says. Answers the keys sent, in order.
 */
function serve(statusOf: (order: FlowRechargeOrder) => FlowRechargeOrder['status'] = () => 'pending') {
  const orders = new Map<string, FlowRechargeOrder>();
  const keys: string[] = [];
  api.replyBy((config) => {
    if (config.url === '/c/flowRecharge/plans') return OPTIONS;
    const polled = /^\/c\/flowRechargeOrder\/(\d+)\//.exec(config.url ?? '');
    if (polled) {
      const order = [...orders.values()].find((candidate) => candidate.id === Number(polled[1]))!;
      return { ...order, status: statusOf(order) };
    }
    if (config.url !== '/c/flowRecharge/nativePayNow') throw new Error(`unexpected request ${config.method} ${config.url}`);
    const key = String(config.headers.get('Idempotency-Key'));
    keys.push(key);
    const body = JSON.parse(String(config.data)) as { months: number; fee: number; provider: FlowRechargeOrder['provider'] };
    const id = orders.size + 1;
    if (!orders.has(key)) {
      orders.set(key, {
        id,
        orderNo: `R${id}`,
        provider: body.provider,
        status: 'pending',
        months: body.months,
        amountFen: body.fee,
        codeUrl: `/mobile/sandboxPay/R${id}?sign=s${id}`,
        createdAt: Date.now(),
        expiresAt: Date.now() + 15 * 60_000,
        paidAt: null,
        balanceFen: 0,
      });
    }
    const stored = orders.get(key)!;
    return { ...stored, status: statusOf(stored) };
  });
  return keys;
}

/** One tab of the recharge page. */
function openTab() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/recharge/index']}>
          <RechargePanel />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

/** Chooses the plan, agrees (unless agreed already on this page) and pays: answers the QR code's address. */
async function pressPay(months = 1, { agreed = false } = {}): Promise<string> {
  fireEvent.click(await screen.findByTestId(`recharge-plan-${months}`));
  if (!agreed) fireEvent.click(screen.getByTestId('recharge-agree'));
  fireEvent.click(screen.getByTestId('recharge-pay'));
  return (await screen.findByTestId('recharge-open-checkout')).getAttribute('href')!;
}

describe('RechargePanel', () => {
  beforeEach(() => act(() => i18n.changeLanguage('zh')));

  it('keeps one key per purchase: a second tab of it shows the same QR code, another plan is another purchase', async () => {
    const keys = serve();
    const first = openTab();
    const firstCode = await pressPay(1);
    first.unmount();

    // A second tab of the same purchase.
    openTab();
    expect(await pressPay(1)).toBe(firstCode);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Another plan is another purchase.
    cleanup();
    openTab();
    expect(await pressPay(12)).not.toBe(firstCode);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends a second press of the same purchase, after a lost answer, with the same key', async () => {
    const keys = serve();
    let lost = 0;
    const answerOf = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      const answer = await answerOf(config);
      // The first order's answer never arrives: the person presses again.
      if (config.url === '/c/flowRecharge/nativePayNow' && (lost += 1) === 1) throw new Error('network error');
      return answer;
    };
    openTab();
    fireEvent.click(await screen.findByTestId('recharge-plan-1'));
    fireEvent.click(screen.getByTestId('recharge-agree'));
    fireEvent.click(screen.getByTestId('recharge-pay'));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('recharge-pay').className).not.toContain('loading'));
    fireEvent.click(screen.getByTestId('recharge-pay'));
    expect((await screen.findByTestId('recharge-open-checkout')).getAttribute('href')).toContain('R1');
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('starts afresh, with a new key, once the purchase’s order is paid', async () => {
    const paidOrders = new Set<number>();
    const keys = serve((order) => (paidOrders.has(order.id) ? 'paid' : 'pending'));
    const first = openTab();
    const firstCode = await pressPay(1);
    first.unmount();
    paidOrders.add(1);

    // The key's order is paid: buying the same plan again makes a new order, not the paid one's result.
    openTab();
    const secondCode = await pressPay(1);
    expect(secondCode).not.toBe(firstCode);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives up the key when the person chooses again, so the next press is a new order', async () => {
    const keys = serve();
    openTab();
    const firstCode = await pressPay(1);
    fireEvent.click(screen.getByRole('button', { name: '重新选择' }));
    expect(await pressPay(1, { agreed: true })).not.toBe(firstCode);
    expect(new Set(keys).size).toBe(2);
  });
});
