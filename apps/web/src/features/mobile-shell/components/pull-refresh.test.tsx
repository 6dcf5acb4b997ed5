import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { pullDistance } from '../lib/pull';
import { PULL_THRESHOLD_PX, PullRefresh } from './pull-refresh';

afterEach(() => cleanup());
beforeEach(() => act(() => i18n.changeLanguage('en')));

/** A touch event at a point (jsdom's TouchEvent takes no Touch list, so the list is set on the event). */
function touch(element: Element, type: 'touchstart' | 'touchmove' | 'touchend', y: number, x = 100) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const points = type === 'touchend' ? [] : [{ clientX: x, clientY: y }];
  Object.assign(event, { touches: points, changedTouches: [{ clientX: x, clientY: y }] });
  act(() => void element.dispatchEvent(event));
  return event;
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('PullRefresh', () => {
  it('refreshes when pulled past the threshold and let go, saying what a release will do', async () => {
    const loading = deferred();
    let refreshes = 0;
    render(
      <PullRefresh
        onRefresh={() => {
          refreshes += 1;
          return loading.promise;
        }}
      >
        <p>items</p>
      </PullRefresh>,
    );
    const list = screen.getByText('items');
    touch(list, 'touchstart', 100);
    const move = touch(list, 'touchmove', 140);
    expect(move.defaultPrevented).toBe(true);
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    touch(list, 'touchmove', 100 + PULL_THRESHOLD_PX * 2 + 10);
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    touch(list, 'touchend', 100 + PULL_THRESHOLD_PX * 2 + 10);
    expect(refreshes).toBe(1);
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    await act(async () => loading.resolve());
    expect(screen.getByText('Refreshed')).toBeTruthy();
  });

  it('does nothing for a short pull, a scroll up or a sideways swipe', () => {
    let refreshes = 0;
    render(
      <PullRefresh onRefresh={async () => void (refreshes += 1)}>
        <p>items</p>
      </PullRefresh>,
    );
    const list = screen.getByText('items');
    touch(list, 'touchstart', 100);
    touch(list, 'touchmove', 130);
    touch(list, 'touchend', 130);
    touch(list, 'touchstart', 300);
    expect(touch(list, 'touchmove', 100).defaultPrevented).toBe(false);
    touch(list, 'touchend', 100);
    touch(list, 'touchstart', 100, 100);
    expect(touch(list, 'touchmove', 200, 300).defaultPrevented).toBe(false);
    touch(list, 'touchend', 200, 300);
    expect(refreshes).toBe(0);
  });

  it('refreshes from its button too, for a keyboard or a screen reader', async () => {
    let refreshes = 0;
    render(
      <PullRefresh onRefresh={async () => void (refreshes += 1)}>
        <p>items</p>
      </PullRefresh>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh the list' })));
    expect(refreshes).toBe(1);
    expect(screen.getByText('Refreshed')).toBeTruthy();
  });

  it('lets the head follow the finger at half its travel, then ever more slowly', () => {
    expect(pullDistance(-20)).toBe(0);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(400)).toBeGreaterThan(pullDistance(300));
    expect(pullDistance(400) - pullDistance(300)).toBeLessThan(50);
  });
});
