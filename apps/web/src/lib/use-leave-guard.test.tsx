import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveGuard } from './use-leave-guard';

const TEXTS = { title: 'Leave?', text: 'Changes are not saved.', leave: 'Leave', stay: 'Stay' };

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty, TEXTS);
  return <Link to="/elsewhere">away</Link>;
}

function renderAt(dirty: boolean) {
  const router = createMemoryRouter([
    { path: '/', element: <Editor dirty={dirty} /> },
    { path: '/elsewhere', element: <p>elsewhere</p> },
  ]);
  render(
    <AntdApp>
      <RouterProvider router={router} />
    </AntdApp>,
  );
  return router;
}

function unloadCancelled(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(cleanup);

describe('useLeaveGuard', () => {
  it('lets a clean page go without asking', async () => {
    const router = renderAt(false);
    fireEvent.click(screen.getByText('away'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(unloadCancelled()).toBe(false);
  });

  it('asks before leaving unsaved changes: staying keeps the page, leaving goes', async () => {
    const router = renderAt(true);
    expect(unloadCancelled()).toBe(true);
    fireEvent.click(screen.getByText('away'));
    await screen.findByText('Changes are not saved.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(screen.getByText('away'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Leave' }).length).toBeGreaterThan(0));
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Leave' }).at(-1)!));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
