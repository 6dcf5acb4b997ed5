import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FollowListItem, FollowListPage } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { PeopleList } from './people-lists';

const api = setUpApiHarness();
afterEach(() => cleanup());
beforeEach(() => act(() => i18n.changeLanguage('en')));

const person = (uid: string, extra: Partial<FollowListItem> = {}): FollowListItem => ({
  uid,
  name: `Person ${uid}`,
  avatarUrl: '',
  remarkName: '',
  mutual: false,
  since: Date.UTC(2026, 10, 1),
  ...extra,
});

function show(kind: 'follows' | 'fans' | 'mutual') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <PeopleList kind={kind} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const listCalls = (url: string) => api.seen.filter((config) => config.url === url);

describe('PeopleList', () => {
  it('pages by the cursor the server gave, and stops when it gives none', async () => {
    api.replyBy((config): FollowListPage => {
      const cursor = (config.params as { cursor?: string }).cursor;
      return cursor === 'c1'
        ? { list: [person('b', { remarkName: 'Classmate' })], nextCursor: null }
        : { list: [person('a', { mutual: true })], nextCursor: 'c1' };
    });
    show('follows');
    expect(await screen.findByText('Person a')).toBeTruthy();
    expect(screen.getByTestId('people-row-mutual').textContent).toBe('Mutual');
    fireEvent.click(screen.getByTestId('people-list-more'));
    expect(await screen.findByText('Person b')).toBeTruthy();
    expect(screen.getByTestId('people-row-remark').textContent).toBe('Remark: Classmate');
    expect(screen.queryByTestId('people-list-more')).toBeNull();
    expect(screen.getByText('That is everyone')).toBeTruthy();
    expect(listCalls('/c/follows').map((config) => config.params)).toEqual([{ pageSize: 20 }, { cursor: 'c1', pageSize: 20 }]);
  });

  it('searches by name or remark on Enter, and says when nobody matches', async () => {
    api.replyBy((config): FollowListPage =>
      (config.params as { q?: string }).q ? { list: [], nextCursor: null } : { list: [person('a')], nextCursor: null },
    );
    show('fans');
    await screen.findByText('Person a');
    const box = within(screen.getByTestId('people-list-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: ' zed ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('people-list-empty')).textContent).toContain('Nobody matches “zed”');
    expect(listCalls('/c/fans').at(-1)?.params).toEqual({ q: 'zed', pageSize: 20 });
  });

  it('offers follow back and remove to a fan, and removes only after the confirmation', async () => {
    api.replyBy((config) =>
      config.url === '/c/fans'
        ? { list: [person('f')], nextCursor: null }
        : { uid: 'f', isFollowing: false, isFollowedBy: false, remarkName: '' },
    );
    show('fans');
    await screen.findByText('Person f');
    expect(screen.getByTestId('people-follow-back')).toBeTruthy();
    expect(screen.queryByTestId('people-unfollow')).toBeNull();
    fireEvent.click(screen.getByTestId('people-remove'));
    await waitFor(() => expect(document.body.textContent).toContain('Remove Person f from your fans?'));
    expect(api.seen.some((config) => config.url === '/c/removeFollow/f')).toBe(false);
    fireEvent.click(screen.getByTestId('people-remove-confirm'));
    await waitFor(() => expect(api.seen.some((config) => config.method === 'post' && config.url === '/c/removeFollow/f')).toBe(true));
  });

  it('offers unfollow, not remove, in the follows list', async () => {
    api.replyWith({ list: [person('g')], nextCursor: null } satisfies FollowListPage);
    show('follows');
    await screen.findByText('Person g');
    expect(screen.getByTestId('people-unfollow')).toBeTruthy();
    expect(screen.queryByTestId('people-remove')).toBeNull();
  });
});
