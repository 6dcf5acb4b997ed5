import dayjs from 'dayjs';
import { i18n } from '../i18n';

/** Spec 9: default date format, year-month-day hour:minute:second. */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type TimeInput = number | string | Date;

const SI_SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 -> '1.2k' with digits=1; trailing zeros are dropped ('1k', not '1.0k'). */
export function formatNumber(value: number, digits = 1): string {
  for (const { value: unit, symbol } of SI_SUFFIXES) {
    if (Math.abs(value) >= unit) {
      return (value / unit).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return value.toString();
}

/** Large counts in each language's own steps: en 1.2M, 20M, 3.5B; zh 120万, 2000万, 35亿. */
export function formatCount(value: number, language: 'zh' | 'en'): string {
  const steps = language === 'zh' ? COUNT_STEPS_ZH : COUNT_STEPS_EN;
  for (const { value: unit, symbol } of steps) {
    if (Math.abs(value) >= unit) return `${trimDecimals((value / unit).toFixed(value / unit >= 100 ? 0 : 1))}${symbol}`;
  }
  return String(Math.round(value));
}

const COUNT_STEPS_EN = [
  { value: 1e9, symbol: 'B' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;
const COUNT_STEPS_ZH = [
  { value: 1e8, symbol: '亿' },
  { value: 1e4, symbol: '万' },
] as const;

const trimDecimals = (text: string) => text.replace(/\.0$/, '');

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB", 20971520 → "20 MB": binary multiples as file managers show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  // "20 GB" for a limit, not "20.0 GB".
  return `${trimDecimals(value.toFixed(digits))} ${BYTE_UNITS[unit]}`;
}

/** Server timestamps of 10 digits are seconds (spec 9); everything else numeric is milliseconds. */
export function toMilliseconds(time: TimeInput): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'string') {
    if (/^\d+$/.test(time)) return toMilliseconds(Number(time));
    return dayjs(time).valueOf();
  }
  return String(Math.trunc(Math.abs(time))).length === 10 ? time * 1000 : time;
}

export function formatDate(time: TimeInput | null | undefined, format = DEFAULT_DATE_FORMAT): string {
  if (time === null || time === undefined || time === '') return '';
  const date = dayjs(toMilliseconds(time));
  return date.isValid() ? date.format(format) : '';
}

/** First formatter of spec 9: '<n> minutes' below an hour, '<n> hours' below a day, else '<n> days'. */
export function formatTimeAgo(time: TimeInput, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - toMilliseconds(time)) / 1000);
  if (seconds < 3600) return i18n.t('format.minute', { count: Math.floor(seconds / 60) });
  if (seconds < 86400) return i18n.t('format.hour', { count: Math.floor(seconds / 3600) });
  return i18n.t('format.day', { count: Math.floor(seconds / 86400) });
}

/**
 * Second formatter of spec 9: 'just now' under 30 s, then minutes ago, hours ago, '1 day ago' under
 * two days, otherwise the date (in `format`, the default date format when none is given).
 */
export function formatRelativeTime(time: TimeInput, format = DEFAULT_DATE_FORMAT, now: number = Date.now()): string {
  const millis = toMilliseconds(time);
  const seconds = (now - millis) / 1000;
  if (seconds < 30) return i18n.t('format.justNow');
  if (seconds < 3600) return i18n.t('format.minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 86400) return i18n.t('format.hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 172800) return i18n.t('format.oneDayAgo');
  return formatDate(millis, format);
}

/** '13800000002' -> '138****0002': enough to recognise one's own number, not enough to read it off a screen. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Money comes from the server in fen (integers); shown as yuan by the contract's one formatter: 123456 -> '¥1,234.56'. */
export { formatYuan } from '@spatia/contract';

/** Spec 7.3: an avatar refresh appends a timestamp query, so that no cache keeps the old picture. */
export function withRefreshStamp(url: string, now: number = Date.now()): string {
  if (!url) return url;
  const [base = '', hash] = url.split('#', 2);
  const stamped = `${base}${base.includes('?') ? '&' : '?'}t=${now}`;
  return hash === undefined ? stamped : `${stamped}#${hash}`;
}
