import type { MembershipItem, MembershipPaymentMethod, MembershipRenewalOptions } from '@spatia/contract';
import dayjs from 'dayjs';

/**
 * Where a membership stands for its holder (docs/membership.md "Paying"): running (`active`), past its end
 * but keeping its features until the grace period ends (`grace`), lapsed (`ended`: expired, or past its
 * grace before the job ran), or taken away by an admin (`revoked`).
 */
export type MembershipPhase = 'active' | 'grace' | 'ended' | 'revoked';

export function membershipPhase(membership: MembershipItem, now: number = Date.now()): MembershipPhase {
  if (membership.status === 'revoked') return 'revoked';
  if (membership.status !== 'active') return 'ended';
  if (membership.endsAt > now) return 'active';
  return membership.graceEndsAt > now ? 'grace' : 'ended';
}

/** One way to pay, as the renew panel offers it: disabled with the amount the balance is short of. */
export interface RenewalMethodChoice {
  method: MembershipPaymentMethod;
  disabled: boolean;
  /** What the balance lacks for this total (balance only; 0 when it can pay). */
  shortFen: number;
}

/** What renewing `months` months would take, and what the person can do about it. */
export interface RenewalQuote {
  months: number;
  totalFen: number;
  /** A debt (a refund's) refuses every renewal until a recharge settles it (the server's answer too). */
  blocked: 'debt' | null;
  /** The balance first, then the site's QR providers, in the server's order. */
  methods: RenewalMethodChoice[];
}

export function renewalQuote(options: MembershipRenewalOptions, months: number): RenewalQuote {
  const totalFen = options.monthlyPriceFen * months;
  const blocked = options.debtFen > 0 ? 'debt' : null;
  const shortFen = Math.max(0, totalFen - options.balanceFen);
  return {
    months,
    totalFen,
    blocked,
    methods: [
      { method: 'balance', disabled: blocked !== null || shortFen > 0, shortFen },
      ...options.providers.map((provider) => ({ method: provider, disabled: blocked !== null, shortFen: 0 })),
    ],
  };
}

/**
 * The method to offer: the one chosen while it can pay, else the balance when it can, else the first
 * provider; null when nothing can pay (a debt, or a short balance on a site without providers).
 */
export function renewalMethod(quote: RenewalQuote, chosen: MembershipPaymentMethod | null): MembershipPaymentMethod | null {
  const usable = quote.methods.filter((choice) => !choice.disabled);
  return (usable.find((choice) => choice.method === chosen) ?? usable[0])?.method ?? null;
}

/**
 * When a renewal of `months` months would end: a running membership (in its grace period too) goes on from
 * its end, a lapsed one starts again now. The server decides; this is what the confirmation says beforehand.
 */
export function renewedEndsAt(membership: MembershipItem | null, months: number, now: number = Date.now()): number {
  const phase = membership ? membershipPhase(membership, now) : 'ended';
  const from = membership && (phase === 'active' || phase === 'grace') ? membership.endsAt : now;
  return dayjs(from).add(months, 'month').valueOf();
}
