import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError, type HttpAdapter } from '../../../api/client';
import { registerFeedback } from '../../../api/feedback';
import { i18n } from '../../../i18n';
import { PasswordLoginForm } from './password-login-form';

afterEach(() => cleanup());

describe('PasswordLoginForm', () => {
  it("shows the server's 429 message and counts its Retry-After down on the button", async () => {
    await act(() => i18n.changeLanguage('en'));
    const error = vi.fn();
    registerFeedback({ message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: {} as never, navigate: vi.fn() });
    const msg = 'Too many wrong passwords. Try again in 15 s, or sign in with a code';
    const adapter: HttpAdapter = async () => {
      const response = {
        status: 429,
        statusText: '',
        data: { code: 1110, msg },
        headers: { 'retry-after': '15' },
      };
      throw new HttpError('Request failed', 'ERR_BAD_RESPONSE', response);
    };
    http.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <AntdApp>
          <PasswordLoginForm onSuccess={vi.fn()} initialPhone="13900000001" />
        </AntdApp>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByPlaceholderText('Enter your password'), { target: { value: 'guess-123' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toContain('Log in again in 0:15'));
    expect(error).toHaveBeenCalledWith({ content: msg, duration: 5 });
    expect(screen.getByTestId<HTMLButtonElement>('login-submit').disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toContain('0:14'), { timeout: 2500 });

    // Another phone number is the server's to judge: the button is offered again.
    fireEvent.change(screen.getByPlaceholderText('Enter your 11-digit mobile number'), { target: { value: '13900000002' } });
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('login-submit').disabled).toBe(false));
    expect(screen.getByTestId('login-submit').textContent).toContain('Log in');
  });
});
