import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { AlipayAuthorizationErrors, type PayoutAccount } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpError, type HttpAdapter } from '../../../api/client';
import { i18n } from '../../../i18n';
import { AlipayAuthorizationResult } from './alipay-authorization-result';

const BOUND: PayoutAccount = { channel: 'alipay', account: '2088****0027', realName: '*小明', updatedAt: 1, usableAt: 1 };

/** The server's answer to completing: the account, or a refusal; counts the calls. */
function serve(answer: PayoutAccount | { code: number; status: number; msg: string }): { calls: number } {
  const seen = { calls: 0 };
  const adapter: HttpAdapter = async (request) => {
    if (request.url !== '/c/withdraw/alipay/authorization/complete') throw new Error(`unexpected request ${request.method} ${request.url}`);
    seen.calls += 1;
    if ('code' in answer) {
      const response = { status: answer.status, statusText: '', data: { code: answer.code, msg: answer.msg }, headers: {} };
      throw new HttpError('Request failed', 'ERR_BAD_RESPONSE', response);
    }
    return { status: 200, statusText: '', data: { code: 0, msg: 'ok', data: answer }, headers: {} };
  };
  http.defaults.adapter = adapter;
  return seen;
}

function renderResult(authCode: string, state: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntdApp>
        <MemoryRouter>
          <AlipayAuthorizationResult authCode={authCode} state={state} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(cleanup);

describe('AlipayAuthorizationResult', () => {
  it('completes once and shows the bound account with the way back', async () => {
    const seen = serve(BOUND);
    renderResult('SBX2088000000000027', 'state-1');
    expect((await screen.findByTestId('alipay-authorization-success')).textContent).toContain('2088****0027');
    expect(screen.getByTestId('alipay-authorization-back').closest('a')?.getAttribute('href')).toBe('/wallet/withdraw');
    expect(seen.calls).toBe(1);
  });

  it('says the person cancelled when Alipay returns without auth_code, and asks nothing', async () => {
    const seen = serve(BOUND);
    renderResult('', 'state-1');
    expect((await screen.findByTestId('alipay-authorization-cancelled')).textContent).toContain('已取消授权');
    expect(seen.calls).toBe(0);
  });

  it('names an expired state and an account bound elsewhere', async () => {
    const { alipayAuthorizationStateUnknown: unknown, alipayAccountBoundElsewhere: elsewhere } = AlipayAuthorizationErrors;
    serve({ code: unknown.code, status: 409, msg: unknown.zh });
    renderResult('code', 'old');
    expect((await screen.findByTestId('alipay-authorization-state')).textContent).toContain('授权已过期');
    cleanup();
    await i18n.changeLanguage('en');
    serve({ code: elsewhere.code, status: 409, msg: elsewhere.en });
    renderResult('code', 'theirs');
    expect((await screen.findByTestId('alipay-authorization-elsewhere')).textContent).toContain('Already bound to another person');
  });
});
