import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { MobileScreen } from './mobile-screen';
import { PullList } from './pull-list';

afterEach(() => cleanup());
beforeEach(() => act(() => i18n.changeLanguage('en')));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function show(children: React.ReactNode, at = '/mobile/home') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="*" element={children} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MobileScreen', () => {
  it('shows the title and the tab bar, whose tabs go where they say', async () => {
    show(
      <MobileScreen title="Works" back={false} tabs>
        body
      </MobileScreen>,
    );
    expect(screen.getByRole('heading', { name: 'Works' })).toBeTruthy();
    fireEvent.click(screen.getByText('Map'));
    expect(screen.getByTestId('where').textContent).toBe('/mobile/map');
    fireEvent.click(screen.getByText('Me'));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('goes to its fallback on Back when the page was opened fresh', () => {
    show(
      <MobileScreen title="Space" back="/mobile/home">
        body
      </MobileScreen>,
      '/spaceDetail',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/mobile/home');
  });

  it('renders antd-mobile toasts through React 19 roots', async () => {
    show(<MobileScreen title="T">body</MobileScreen>);
    await act(async () => {
      Toast.show({ content: 'Saved' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    await act(async () => Toast.clear());
  });
});

describe('PullList', () => {
  it('shows the items of the first page, then the empty state when there are none', async () => {
    const { unmount } = show(
      <PullList
        queryKey={['test-items']}
        load={async () => ({ list: [{ id: 1, name: 'One' }], total: 1 })}
        itemKey={(item) => item.id}
        renderItem={(item) => <span>{item.name}</span>}
      />,
    );
    expect(await screen.findByText('One')).toBeTruthy();
    expect(await screen.findByText('That is everything')).toBeTruthy();
    unmount();
    show(<PullList queryKey={['no-items']} load={async () => ({ list: [], total: 0 })} itemKey={() => 0} renderItem={() => null} />);
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
  });

  it('offers a retry when the first page fails', async () => {
    let calls = 0;
    show(
      <PullList
        queryKey={['failing']}
        load={async () => {
          calls += 1;
          if (calls === 1) throw new Error('offline');
          return { list: [{ id: 2, name: 'Two' }], total: 1 };
        }}
        itemKey={(item) => item.id}
        renderItem={(item) => <span>{item.name}</span>}
      />,
    );
    fireEvent.click(await screen.findByText('Retry'));
    expect(await screen.findByText('Two')).toBeTruthy();
  });
});
