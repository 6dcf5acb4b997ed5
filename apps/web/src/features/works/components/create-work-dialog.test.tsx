import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, type HttpAdapter } from '../../../api/client';
import { i18n } from '../../../i18n';
import { fieldMessage } from '../../../test/field-message';
import { CreateWorkDialog } from './create-work-dialog';

afterEach(() => cleanup());

/** The sensitive-word list answers only when the test says so, as on a slow network. */
function holdSensitiveWords(words: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const adapter: HttpAdapter = async (config) => {
    if (config.url !== '/sensitiveWordArray') throw new Error(`unexpected request ${config.url}`);
    await released;
    return { status: 200, statusText: '', data: { code: 0, msg: 'ok', data: words }, headers: {} };
  };
  http.defaults.adapter = adapter;
  return release;
}

describe('CreateWorkDialog', () => {
  it('warns about a sensitive word typed before the word list arrived', async () => {
    await act(() => i18n.changeLanguage('en'));
    const release = holdSensitiveWords(['赌博']);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntdApp>
          <CreateWorkDialog open onClose={vi.fn()} onCreated={vi.fn()} />
        </AntdApp>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('create-work-name'), { target: { value: '西湖 赌-博 攻略' } });
    // Nothing to warn about yet: the list is still on its way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body.textContent).not.toContain('赌博');

    await act(async () => release());
    await waitFor(() =>
      expect(fieldMessage(screen.getByTestId('create-work-name'))).toBe(
        'Contains the sensitive word "赌博". Please change it before saving',
      ),
    );
  });

  it('keeps a name longer than the limit whole and says by how much it is over, instead of cutting it', async () => {
    await act(() => i18n.changeLanguage('en'));
    const release = holdSensitiveWords([]);
    release();
    const onCreated = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntdApp>
          <CreateWorkDialog open onClose={vi.fn()} onCreated={onCreated} />
        </AntdApp>
      </QueryClientProvider>,
    );
    const name = screen.getByTestId<HTMLInputElement>('create-work-name');
    fireEvent.change(name, { target: { value: 'Riverside living room' } });
    expect(name.value).toBe('Riverside living room');
    expect(document.body.textContent).toContain('21 / 20');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fieldMessage(name)).toBe('At most 20 characters: 1 too many'));
    expect(onCreated).not.toHaveBeenCalled();
  });
});
