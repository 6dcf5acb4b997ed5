import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { AdminLogEntry, AdminLogPage } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { http, type HttpAdapter } from '../../../api/client';
import { i18n } from '../../../i18n';
import { AdminLogList } from './admin-log-list';

afterEach(() => cleanup());
// Files share a worker: leave the language as this file found it.
const initialLanguage = i18n.language;
afterAll(() => i18n.changeLanguage(initialLanguage));

const SYSTEM_PASS: AdminLogEntry = {
  id: 1,
  createdAt: Date.UTC(2026, 0, 2, 3, 4),
  action: 'work.auditPass',
  actor: 'system',
  admin: null,
  targetType: 'work',
  targetId: 'w-demo',
  before: { status: 'underReview', reviewNote: '' },
  after: { status: 'passed', reviewNote: '' },
};

const IDENTITY_DECISION: AdminLogEntry = {
  id: 2,
  createdAt: Date.UTC(2026, 0, 3, 3, 4),
  action: 'identityApplication.approve',
  actor: 'admin',
  admin: { uid: 'u-admin', name: 'Administrator' },
  targetType: 'identityApplication',
  targetId: '7',
  before: { status: 'pending', userId: 12, identityId: 3 },
  after: { status: 'approved', reason: '' },
};

function serve(list: AdminLogEntry[]) {
  const adapter: HttpAdapter = async (config) => {
    if (config.url !== '/admin/log') throw new Error(`unexpected request ${config.method} ${config.url}`);
    const page: AdminLogPage = { list, total: list.length, pageNum: 1, pageSize: 20 };
    return { status: 200, statusText: '', data: { code: 0, msg: 'ok', data: page }, headers: {} };
  };
  http.defaults.adapter = adapter;
}

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/admin/log']}>
          <AdminLogList />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('AdminLogList', () => {
  it('shows the platform’s own action as the system’s and a given admin name in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('zh'));
    serve([IDENTITY_DECISION, SYSTEM_PASS]);
    renderList();
    expect((await screen.findByTestId('admin-log-system')).textContent).toBe('系统');
    expect(within(rowOf('通过身份认证')).getByRole('link').textContent).toBe('管理员');
  });

  it('lists only what an action changed, under labels, and what it concerned apart', async () => {
    await act(() => i18n.changeLanguage('en'));
    serve([IDENTITY_DECISION]);
    renderList();
    fireEvent.click(await screen.findByText('Approved an identity application'));
    const diff = await screen.findByTestId('state-diff');
    const changed = within(diff)
      .getAllByRole('row')
      .filter((row) => row.getAttribute('data-kind'));
    // The approval's empty reason sets nothing: not a change either.
    expect(changed.map((row) => [row.getAttribute('data-kind'), row.textContent])).toEqual([['changed', 'StatusPendingApproved']]);
    // The user and identity the application was about are context, not struck out as removed.
    expect(diff.querySelectorAll('[data-kind="removed"]')).toHaveLength(0);
    expect(within(diff).getByTestId('state-diff-context').textContent).toBe('UnchangedUser id12Identity id3');
    expect(diff.textContent).not.toMatch(/userId|identityId/);
  });
});
