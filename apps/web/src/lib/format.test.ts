import { describe, expect, it } from 'vitest';
import { inLanguage } from '../test/in-language';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatNumber,
  formatRelativeTime,
  formatTimeAgo,
  maskPhone,
  toMilliseconds,
  withRefreshStamp,
} from './format';

const NOW = new Date(2026, 0, 15, 12, 0, 0).getTime();
const secondsAgo = (seconds: number) => NOW - seconds * 1000;

describe('formatNumber', () => {
  it('leaves numbers below a thousand alone', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });
  it('uses k, M, G, T, P, E from 1e3 to 1e18', () => {
    expect(formatNumber(1234, 1)).toBe('1.2k');
    expect(formatNumber(1000, 2)).toBe('1k');
    expect(formatNumber(2_500_000, 1)).toBe('2.5M');
    expect(formatNumber(3e9, 0)).toBe('3G');
    expect(formatNumber(4.25e12, 2)).toBe('4.25T');
    expect(formatNumber(5e15)).toBe('5P');
    expect(formatNumber(6.1e18, 1)).toBe('6.1E');
  });
  it('drops trailing zeros only', () => {
    expect(formatNumber(1500, 3)).toBe('1.5k');
    expect(formatNumber(1050, 2)).toBe('1.05k');
  });
});

describe('toMilliseconds and formatDate', () => {
  it('treats 10-digit timestamps as seconds', () => {
    expect(toMilliseconds(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMilliseconds('1700000000')).toBe(1_700_000_000_000);
    expect(toMilliseconds(1_700_000_000_123)).toBe(1_700_000_000_123);
  });
  it('formats as YYYY-MM-DD HH:mm:ss by default', () => {
    const millis = new Date(2026, 2, 4, 5, 6, 7).getTime();
    expect(formatDate(millis)).toBe('2026-03-04 05:06:07');
    expect(formatDate(Math.floor(millis / 1000))).toBe('2026-03-04 05:06:07');
    expect(formatDate(millis, 'YYYY/MM/DD')).toBe('2026/03/04');
  });
  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('in English', () => {
  inLanguage('en');

  it('formats time ago as minutes, hours, then days', () => {
    expect(formatTimeAgo(secondsAgo(5 * 60), NOW)).toBe('5 minutes');
    expect(formatTimeAgo(secondsAgo(60), NOW)).toBe('1 minute');
    expect(formatTimeAgo(secondsAgo(3599), NOW)).toBe('59 minutes');
    expect(formatTimeAgo(secondsAgo(3600), NOW)).toBe('1 hour');
    expect(formatTimeAgo(secondsAgo(23 * 3600), NOW)).toBe('23 hours');
    expect(formatTimeAgo(secondsAgo(86400), NOW)).toBe('1 day');
    expect(formatTimeAgo(secondsAgo(3 * 86400), NOW)).toBe('3 days');
  });

  it('formats relative time', () => {
    expect(formatRelativeTime(secondsAgo(0), undefined, NOW)).toBe('just now');
    expect(formatRelativeTime(secondsAgo(29), undefined, NOW)).toBe('just now');
    expect(formatRelativeTime(secondsAgo(30), undefined, NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(secondsAgo(5 * 60), undefined, NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(secondsAgo(2 * 3600), undefined, NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(secondsAgo(86400), undefined, NOW)).toBe('1 day ago');
    expect(formatRelativeTime(secondsAgo(172_799), undefined, NOW)).toBe('1 day ago');
  });

  it('falls back to a date from two days on', () => {
    const then = secondsAgo(3 * 86400);
    expect(formatRelativeTime(then, undefined, NOW)).toBe('2026-01-12 12:00:00');
    expect(formatRelativeTime(Math.floor(then / 1000), 'MM-DD', NOW)).toBe('01-12');
  });
});

describe('in Chinese', () => {
  inLanguage('zh');

  it('translates both formatters', () => {
    expect(formatTimeAgo(secondsAgo(5 * 60), NOW)).toBe('5 分钟');
    expect(formatRelativeTime(secondsAgo(10), undefined, NOW)).toBe('刚刚');
    expect(formatRelativeTime(secondsAgo(2 * 3600), undefined, NOW)).toBe('2 小时前');
    expect(formatRelativeTime(secondsAgo(100_000), undefined, NOW)).toBe('1 天前');
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskPhone('13800000002')).toBe('138****0002');
  });
  it('leaves short or missing values alone', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(undefined)).toBe('');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('withRefreshStamp', () => {
  it('appends a timestamp query, keeping existing queries and fragments', () => {
    expect(withRefreshStamp('/files/a.png', 42)).toBe('/files/a.png?t=42');
    expect(withRefreshStamp('https://cdn.example/a.png?v=2', 42)).toBe('https://cdn.example/a.png?v=2&t=42');
    expect(withRefreshStamp('/a.png#x', 42)).toBe('/a.png?t=42#x');
    expect(withRefreshStamp('', 42)).toBe('');
  });
});

describe('formatCount', () => {
  // In English: thousands, millions and billions; in Chinese: 万 and 亿.
  it.each([
    [950, 'en', '950'],
    [1_234, 'en', '1.2k'],
    [1_200_000, 'en', '1.2M'],
    [20_000_000, 'en', '20M'],
    [123_456_789, 'en', '123M'],
    [3_500_000_000, 'en', '3.5B'],
    [9_999, 'zh', '9999'],
    [12_000, 'zh', '1.2万'],
    [1_200_000, 'zh', '120万'],
    [20_000_000, 'zh', '2000万'],
    [350_000_000, 'zh', '3.5亿'],
  ] as const)('counts %i in %s as %s', (count, language, shown) => {
    expect(formatCount(count, language)).toBe(shown);
  });
});

describe('formatBytes', () => {
  it('uses binary multiples with one decimal below a hundred', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(-1)).toBe('—');
  });
});
