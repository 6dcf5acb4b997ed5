import { describe, expect, it } from 'vitest';
import { BusinessCalendar, DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from './business-time.js';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('BusinessCalendar in Beijing (the default)', () => {
  const beijing = new BusinessCalendar();

  it('is Asia/Shanghai unless told otherwise', () => {
    expect(beijing.zone).toBe(DEFAULT_BUSINESS_TIME_ZONE);
    expect(DEFAULT_BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('turns the day at 16:00 UTC: 23:59:59.999 Beijing is still the day, 00:00 the next', () => {
    expect(beijing.dayOf(at('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(beijing.dayOf(at('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
    expect(beijing.today(at('2026-03-01T00:00:00.000Z'))).toBe('2026-03-01');
    // Before 08:00 Beijing it is already tomorrow in Beijing while UTC is still on the day before.
    expect(beijing.dayOf(at('2026-02-28T23:30:00Z'))).toBe('2026-03-01');
  });

  it('starts a day at 16:00 UTC of the day before, and every day is 24 hours long', () => {
    expect(beijing.dayStart('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(beijing.dayStart('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(beijing.dayLength('2026-07-15')).toBe(24 * HOUR);
  });

  it('turns months and years at Beijing midnight', () => {
    expect(beijing.dayOf(at('2026-01-31T15:59:59Z'))).toBe('2026-01-31');
    expect(beijing.monthStart(at('2026-01-31T15:59:59Z'))).toBe('2026-01-01');
    expect(beijing.monthStart(at('2026-01-31T16:00:00Z'))).toBe('2026-02-01');
    expect(beijing.monthStart(at('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
    expect(beijing.dayOf(at('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
  });

  it('reads a range of days as whole Beijing days, the end day included', () => {
    const range = beijing.parseDayRange('2026-03-01', '2026-03-02');
    expect(range.from?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(beijing.parseDayRange('', undefined)).toEqual({ from: undefined, to: undefined });
    expect(() => beijing.parseDayRange('2026-02-30', undefined)).toThrow();
    expect(() => beijing.parseDayRange('2026-03-02', '2026-03-01')).toThrow();
  });

  it('adds months on the Beijing calendar: the same time of day, the 31st ending on a shorter month’s last day', () => {
    // 31 January 23:30 Beijing is still 31 January there, though UTC says 15:30 that day.
    expect(beijing.addMonths(new Date('2026-01-31T15:30:00Z'), 1).toISOString()).toBe('2026-02-28T15:30:00.000Z');
    // 1 February 00:30 Beijing is 31 January in UTC: a UTC calendar would end it on 28 February, Beijing's on 1 March.
    expect(beijing.addMonths(new Date('2026-01-31T16:30:00Z'), 1).toISOString()).toBe('2026-02-28T16:30:00.000Z');
    expect(beijing.dayOf(beijing.addMonths(new Date('2026-01-31T16:30:00Z'), 1))).toBe('2026-03-01');
    expect(beijing.addMonths(new Date('2026-11-15T04:00:00.250Z'), 3).toISOString()).toBe('2027-02-15T04:00:00.250Z');
    expect(beijing.addMonths(new Date('2026-03-31T02:00:00Z'), 11).toISOString()).toBe('2027-02-28T02:00:00.000Z');
  });
});

describe('BusinessCalendar in a zone with daylight saving time', () => {
  const newYork = new BusinessCalendar('America/New_York');

  it('has a 23-hour day in spring and a 25-hour day in autumn', () => {
    expect(newYork.dayStart('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(newYork.dayStart('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(newYork.dayLength('2026-03-08')).toBe(23 * HOUR);
    expect(newYork.dayLength('2026-11-01')).toBe(25 * HOUR);
    expect(newYork.dayLength('2026-11-02')).toBe(24 * HOUR);
    expect(newYork.dayOf(at('2026-03-09T03:59:59.999Z'))).toBe('2026-03-08');
    expect(newYork.dayOf(at('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
  });

  it('keeps the time of day across a change of offset', () => {
    // 10:00 in New York in February (UTC−5) is 10:00 in April (UTC−4).
    expect(newYork.addMonths(new Date('2026-02-10T15:00:00Z'), 2).toISOString()).toBe('2026-04-10T14:00:00.000Z');
  });

  it('starts a day whose midnight is skipped when its clock starts', () => {
    // Santiago moves its clocks from 00:00 to 01:00 in September: 6 September 2026 begins at 01:00 (UTC−3).
    const santiago = new BusinessCalendar('America/Santiago');
    const start = santiago.dayStart('2026-09-06');
    expect(santiago.dayOf(start)).toBe('2026-09-06');
    expect(santiago.dayOf(start.getTime() - 1)).toBe('2026-09-05');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(santiago.dayLength('2026-09-06')).toBe(23 * HOUR);
    expect(santiago.dayLength('2026-09-05')).toBe(24 * HOUR);
  });

  it('works for UTC and zones ahead of it past midnight', () => {
    const utc = new BusinessCalendar('UTC');
    expect(utc.dayStart('2026-03-02').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    const kiritimati = new BusinessCalendar('Pacific/Kiritimati');
    expect(kiritimati.dayStart('2026-03-02').toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('isTimeZone', () => {
  it('takes IANA names and refuses offsets, abbreviations it does not know and junk', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+08:00')).toBe(false);
    expect(isTimeZone('Asia/Beijing')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => new BusinessCalendar('Mars/Olympus')).toThrow(/IANA/);
  });
});
