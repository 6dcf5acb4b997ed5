import type { MembershipPriceTag } from '@spatia/contract';

/** What a version's headline already shows: its monthly price and its free trial. */
export interface VersionHeadline {
  monthlyPriceFen: number;
  trialDays: number;
}

const AMOUNT = /^[¥￥]?(\d+(?:\.\d{1,2})?)(?:元|yuan|rmb|cny)?(?:\/(?:月|个月|month|mo))?$/i;
const DAYS = /^(\d+)(?:天|日|days?)?$/i;

const compact = (value: string) => value.replace(/\s+/g, '');

/** `¥99`, `99元`, `99.00/月`: an amount alone, in fen; null for anything else. */
function amountInFen(value: string): number | null {
  const match = AMOUNT.exec(compact(value));
  return match ? Math.round(Number(match[1]) * 100) : null;
}

/** `30`, `30 天`, `30 days`, `30 天 / 30 days`: one number of days alone (in one or two languages); null otherwise. */
function dayCount(value: string): number | null {
  const counts = compact(value)
    .split('/')
    .map((part) => DAYS.exec(part)?.[1]);
  if (counts.some((count) => count === undefined)) return null;
  const distinct = new Set(counts);
  return distinct.size === 1 ? Number(counts[0]) : null;
}

/**
 * The price tags worth showing beside the headline: those that say more than the monthly price or the
 * trial length, which the headline shows already from the version's own fields. A tag whose value is
 * that price or that number of days alone (however written) would only say it twice.
 */
export function tagsBeyondHeadline(tags: readonly MembershipPriceTag[], headline: VersionHeadline): MembershipPriceTag[] {
  return tags.filter((tag) => {
    if (amountInFen(tag.value) === headline.monthlyPriceFen) return false;
    return !(headline.trialDays > 0 && dayCount(tag.value) === headline.trialDays);
  });
}
