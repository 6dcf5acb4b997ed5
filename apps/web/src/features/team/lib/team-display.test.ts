import { describe, expect, it } from 'vitest';
import { teamInviteLink } from './invite-link';
import { formatRate, periodOf, periodTick } from './team-display';

describe('formatRate', () => {
  it('writes basis points as a percentage without float noise or trailing zeros', () => {
    expect(formatRate(1000)).toBe('10%');
    expect(formatRate(500)).toBe('5%');
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(1234)).toBe('12.34%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(10)).toBe('0.1%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(3000)).toBe('30%');
  });
});

describe('periodTick', () => {
  it('writes a day without its year and a month with it', () => {
    expect(periodTick('day', '2026-11-29')).toBe('11-29');
    expect(periodTick('month', '2025-12')).toBe('2025-12');
    expect(periodTick('month', '2025-12-01')).toBe('2025-12');
  });
});

describe('periodOf', () => {
  it('names the period a day falls in', () => {
    expect(periodOf('day', '2026-11-29')).toBe('2026-11-29');
    expect(periodOf('month', '2026-11-29')).toBe('2026-11');
  });
});

describe('teamInviteLink', () => {
  it('opens the register tab with the code filled in, encoded', () => {
    expect(teamInviteLink('AB12CD', 'https://spatia.example')).toBe('https://spatia.example/login?mode=register&invite=AB12CD');
    expect(teamInviteLink('A B&', 'https://spatia.example')).toBe('https://spatia.example/login?mode=register&invite=A%20B%26');
  });
});
