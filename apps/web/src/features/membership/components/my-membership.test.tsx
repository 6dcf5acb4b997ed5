import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MembershipItem } from '@spatia/contract';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { MyMembershipCard } from './my-membership';

afterEach(() => cleanup());
beforeEach(() => act(() => i18n.changeLanguage('en')));

const DAY = 24 * 60 * 60 * 1000;
const at = (day: number) => new Date(2030, 0, day, 12).getTime();

const membership = (extra: Partial<MembershipItem>): MembershipItem => ({
  id: 1,
  versionId: 1,
  versionName: 'Professional',
  kind: 'paid',
  status: 'active',
  startsAt: at(1) - 30 * DAY,
  endsAt: at(1),
  graceEndsAt: at(8),
  autoRenew: false,
  ...extra,
});

function showCard(item: MembershipItem, onRenew?: () => void) {
  return render(
    <AntdApp>
      <MyMembershipCard membership={item} pending={null} canApply={false} onApply={() => undefined} onRenew={onRenew} />
    </AntdApp>,
  );
}

describe('MyMembershipCard', () => {
  it('warns in the grace period that the features stay until its end, and leads to renewing', () => {
    vi.useFakeTimers({ now: at(3), toFake: ['Date'] });
    const onRenew = vi.fn();
    showCard(membership({}), onRenew);
    expect(screen.getByTestId('my-membership').getAttribute('data-phase')).toBe('grace');
    expect(screen.getByTestId('membership-grace').textContent).toContain(
      'Ended on 2030-01-01. Its features stay until 2030-01-08: renew to keep them.',
    );
    fireEvent.click(screen.getByTestId('membership-renew-now'));
    expect(onRenew).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('says a lapsed membership lapsed, with Renew where it can be renewed, and only that it ended where not', () => {
    showCard(membership({ status: 'expired' }), () => undefined);
    expect(screen.getByTestId('membership-lapsed').textContent).toContain('Your membership lapsed on 2030-01-01');
    cleanup();
    showCard(membership({ status: 'revoked' }));
    expect(screen.queryByTestId('membership-renew-now')).toBeNull();
    expect(screen.getByTestId('my-membership').textContent).toContain('Ended on 2030-01-01');
  });
});
