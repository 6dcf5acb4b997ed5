import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MobileState } from './mobile-state';

afterEach(() => cleanup());

describe('MobileState', () => {
  it('shows its title, description and actions, a failure as an alert', () => {
    render(
      <MobileState kind="failed" title="Could not load" description="Check the connection" testId="state">
        <button type="button">Retry</button>
      </MobileState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load');
    expect(screen.getByText('Check the connection')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    render(<MobileState kind="empty" title="Nothing here yet" testId="state" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('state').textContent).toBe('Nothing here yet');
  });

  it('draws each kind differently, a locked one as no alert', () => {
    const pictures = (['empty', 'failed', 'locked'] as const).map((kind) => {
      const { container } = render(<MobileState kind={kind} title={kind} />);
      const state = container.querySelector('.m-state');
      expect(state?.classList.contains(`m-state--${kind}`)).toBe(true);
      const picture = container.querySelector('.m-state__picture')?.innerHTML;
      cleanup();
      return picture;
    });
    expect(new Set(pictures).size).toBe(3);
    render(<MobileState kind="locked" title="Private" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
