import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { SearchAnswer } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { SearchView } from './search-view';

const api = setUpApiHarness({ token: null });
afterEach(() => cleanup());
beforeEach(() => act(() => i18n.changeLanguage('en')));

function show(address: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={[address]}>
          <SearchView />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const answer: SearchAnswer = {
  keyword: '湖景',
  kind: 'all',
  pageNum: 1,
  pageSize: 6,
  counts: [
    { kind: 'works', total: 1, totalCapped: false },
    { kind: 'people', total: 1, totalCapped: false },
  ],
  works: {
    list: [
      {
        uid: 'w1',
        type: 'panorama',
        name: { text: '西湖湖景别墅', highlights: [{ start: 2, end: 4 }] },
        snippet: { text: '远眺湖景', highlights: [{ start: 2, end: 4 }] },
        coverUrl: '',
        views: 3,
        createdAt: Date.UTC(2026, 10, 1),
        author: { uid: 'p1', name: 'Lake Studio', avatarUrl: '' },
      },
    ],
    total: 1,
    totalCapped: false,
  },
  people: {
    list: [{ uid: 'p2', name: { text: '湖景摄影师', highlights: [{ start: 0, end: 2 }] }, avatarUrl: '', identities: [] }],
    total: 1,
    totalCapped: false,
  },
};

describe('SearchView', () => {
  it('asks for the query in the address and marks the matches of each kind', async () => {
    api.replyBy(() => answer);
    show('/search?q=湖景');
    const work = await screen.findByTestId('search-work');
    expect(work.getAttribute('href')).toBe('/details/w1');
    expect(
      within(work)
        .getAllByTestId('search-mark')
        .map((mark) => mark.textContent),
    ).toEqual(['湖景', '湖景']);
    const person = screen.getByTestId('search-person');
    expect(person.getAttribute('href')).toBe('/person?uid=p2');
    expect(within(person).getByTestId('search-mark').textContent).toBe('湖景');
    expect(screen.getByTestId('search-tab-works').textContent).toBe('Works 1');
    expect(api.seen.at(-1)?.params).toEqual({ keyword: '湖景', kind: 'all', pageNum: 1, pageSize: 6 });
  });

  it('offers keywords to start from without a query, and says when nothing matches', async () => {
    show('/search');
    expect(screen.getByTestId('search-empty').textContent).toContain('客厅');
    cleanup();
    api.replyBy((): SearchAnswer => ({ ...answer, keyword: 'zzz', counts: answer.counts.map((count) => ({ ...count, total: 0 })) }));
    show('/search?q=zzz&type=model3d');
    expect((await screen.findByTestId('search-no-results')).textContent).toContain('Nothing matches “zzz”');
    expect(screen.getByTestId('search-clear-filters')).toBeTruthy();
  });
});
