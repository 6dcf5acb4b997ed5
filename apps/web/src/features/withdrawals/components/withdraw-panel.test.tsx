import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WithdrawalOptions } from '@spatia/contract';
import { App as AntdApp, Form, Input } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http, type HttpAdapter, type SentRequest } from '../../../api/client';
import { i18n } from '../../../i18n';
import { fieldMessage } from '../../../test/field-message';
import type { StepUpCodeField } from './step-up-proof';
import { WithdrawPanel } from './withdraw-panel';

const ISSUED = { hash: 'f'.repeat(64), expiredTime: 1_900_000_000_000 };

/** The code field the page lends (the auth feature's), as small as the panel needs it: an input and a send button. */
const TestCodeField: StepUpCodeField = ({ onIssued, sendCode }) => (
  <>
    <Form.Item name="verifyCode" label="code" rules={[{ required: true, message: 'code' }]}>
      <Input data-testid="test-code" />
    </Form.Item>
    <button type="button" onClick={() => void sendCode().then(onIssued)} data-testid="test-send-code">
      send
    </button>
  </>
);

afterEach(() => cleanup());

const OPTIONS: WithdrawalOptions = {
  withdrawableFen: 2_500,
  minFen: 1_000,
  maxFen: 20_000_000,
  channels: ['alipay', 'wechat'],
  accounts: [{ channel: 'alipay', account: '139****5678', realName: '*小明', updatedAt: 0, usableAt: 0 }],
  sandbox: true,
  alipayAuthorization: true,
};

/** The server as the panel sees it: the options, and every withdrawal request kept for the test to read. */
function serve(options: WithdrawalOptions) {
  const requests: SentRequest[] = [];
  const answer = (config: SentRequest, data: unknown) => ({
    status: 200,
    statusText: '',
    data: { code: 0, msg: 'ok', data },
    headers: {},
  });
  const adapter: HttpAdapter = async (config) => {
    if (config.url === '/c/withdraw/options') return answer(config, options);
    if (config.url === '/c/withdraw/verifyCode') return answer(config, ISSUED);
    if (config.url === '/c/withdraw' && config.method === 'post') {
      requests.push(config);
      return answer(config, { id: 1 });
    }
    throw new Error(`unexpected request ${config.method} ${config.url}`);
  };
  http.defaults.adapter = adapter;
  return requests;
}

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/wallet/withdraw']}>
          <Routes>
            <Route path="/wallet/withdraw" element={<WithdrawPanel codeField={TestCodeField} />} />
            <Route path="/wallet/withdrawRecord" element={<p>records page</p>} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

describe('WithdrawPanel', () => {
  it('checks the amount in the reader’s language, fills in all of it, confirms, sends fen with a key, then shows the records', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const requests = serve(OPTIONS);
    renderPanel();
    expect((await screen.findByTestId('withdraw-available')).textContent).toContain('¥25.00');
    expect(screen.getByTestId('payout-account-alipay').textContent).toContain('139****5678 · *小明');
    expect(screen.getByTestId('payout-account-wechat').textContent).toContain('未绑定');

    const amount = screen.getByTestId('withdraw-amount');
    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(fieldMessage(amount)).toBe('每次提现至少 ¥10.00'));
    fireEvent.change(amount, { target: { value: '25.01' } });
    await waitFor(() => expect(fieldMessage(amount)).toBe('最多可提现 ¥25.00'));
    fireEvent.change(amount, { target: { value: '1.234' } });
    await waitFor(() => expect(fieldMessage(amount)).toBe('请输入以元为单位、最多两位小数的金额'));

    fireEvent.click(screen.getByTestId('withdraw-all'));
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe('25.00'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-confirm-summary')).textContent).toBe(
      '将从收益中冻结 ¥25.00，审核通过后打款到支付宝 139****5678（*小明）。',
    );
    expect(requests).toHaveLength(0);
    // A code typed but none sent yet: the code field says so and nothing is sent.
    fireEvent.change(screen.getByTestId('test-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(fieldMessage(screen.getByTestId('test-code'))).toBe('请先获取验证码'));
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByTestId('test-send-code'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));

    // Sent, the panel makes way for the records.
    await waitFor(() => expect(document.body.textContent).toContain('records page'));
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
    expect(requests).toHaveLength(1);
    expect(JSON.parse(String(requests[0]!.data))).toEqual({ amount: 2_500, channel: 'alipay', verifyCode: '123456', ...ISSUED });
    expect(String(requests[0]!.headers.get('Idempotency-Key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for an account before anything can be withdrawn, in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    serve({ ...OPTIONS, accounts: [], sandbox: false });
    renderPanel();
    // The notice stands in place of the form.
    expect((await screen.findByText('Bind an Alipay account or WeChat above to withdraw.')).closest('.ant-empty')).not.toBeNull();
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
    expect(screen.queryByTestId('withdraw-sandbox')).toBeNull();
  });
});
