import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WithdrawalConfirmation } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, type HttpAdapter } from '../../../api/client';
import { i18n } from '../../../i18n';
import { WithdrawalConfirmPanel } from './withdrawal-confirm-panel';

const CONFIRMATION: WithdrawalConfirmation = {
  id: 7,
  withdrawalNo: 'W20261129000000AB12CD34',
  amountFen: 2_500,
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  package: 'affffddafdfafddffda==1',
  expiresAt: Date.UTC(2026, 10, 30, 4, 0),
};
const WECHAT_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.50';

/** The server's answer to the page's one request: the confirmation, or the 409 of a payout no longer waiting. */
function serve(answer: WithdrawalConfirmation | 'notWaiting') {
  const adapter: HttpAdapter = async (config) => {
    if (config.url !== '/c/withdraw/records/{id}/confirmation' && config.url !== '/c/withdraw/records/7/confirmation')
      throw new Error(`unexpected request ${config.method} ${config.url}`);
    const body = answer === 'notWaiting' ? { code: 1658, msg: '该提现无需在微信中确认收款' } : { code: 0, msg: 'ok', data: answer };
    return { status: answer === 'notWaiting' ? 409 : 200, statusText: '', data: body, headers: {} };
  };
  http.defaults.adapter = adapter;
}

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <WithdrawalConfirmPanel id={7} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.WeixinJSBridge;
  vi.restoreAllMocks();
});

describe('WithdrawalConfirmPanel', () => {
  it('inside WeChat hands the bill to requestMerchantTransfer and says when it is confirmed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_AGENT);
    const invoke = vi.fn((_name: string, _parameters: unknown, callback: (result: { err_msg?: string }) => void) =>
      callback({ err_msg: 'requestMerchantTransfer:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    serve(CONFIRMATION);
    renderPanel();

    fireEvent.click(await screen.findByTestId('withdrawal-confirm-button'));
    expect(invoke).toHaveBeenCalledWith(
      'requestMerchantTransfer',
      { mchId: CONFIRMATION.mchId, appId: CONFIRMATION.appId, package: CONFIRMATION.package },
      expect.any(Function),
    );
    expect((await screen.findByTestId('withdrawal-confirm-done')).textContent).toContain('已确认收款 ¥25.00');
  });

  it('inside WeChat waits for the bridge, and says so when the payee backs out', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_AGENT);
    serve(CONFIRMATION);
    renderPanel();
    const button = await screen.findByTestId('withdrawal-confirm-button');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    window.WeixinJSBridge = { invoke: (_name, _parameters, callback) => callback({ err_msg: 'requestMerchantTransfer:cancel' }) };
    act(() => void document.dispatchEvent(new Event('WeixinJSBridgeReady')));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText(/您关闭了微信的确认页面/)).toBeTruthy();
  });

  it('elsewhere says to open the page in WeChat, in the reader’s language, with a code to scan', async () => {
    await i18n.changeLanguage('en');
    serve(CONFIRMATION);
    renderPanel();
    expect((await screen.findByTestId('withdrawal-confirm-elsewhere')).textContent).toContain('Open this page in WeChat');
    expect(screen.getByTestId('withdrawal-confirm-qr')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-confirm-button')).toBeNull();
  });

  it('shows the server’s word when nothing waits for a confirmation', async () => {
    serve('notWaiting');
    renderPanel();
    expect((await screen.findByTestId('withdrawal-confirm-end')).textContent).toContain('该提现无需在微信中确认收款');
  });
});
