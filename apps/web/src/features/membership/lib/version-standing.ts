import type { MembershipApplicationItem, MembershipItem, MyMembership } from '@spatia/contract';

/** The membership a person holds now: active and not yet ended (the expiry job may run a minute late). */
export function heldMembership(mine: MyMembership | undefined, now: number = Date.now()): MembershipItem | null {
  const current = mine?.current;
  return current && current.status === 'active' && current.endsAt > now ? current : null;
}

/** The application waiting for review; the server keeps at most one per person. */
export function pendingApplication(mine: MyMembership | undefined): MembershipApplicationItem | null {
  return mine?.applications.find((application) => application.status === 'pending') ?? null;
}

/** Why a person cannot apply now, as the server would answer (2110, 2108); null when they can. */
export type ApplicationBlock = 'pending' | 'trialUsed';

export function applicationBlock(mine: MyMembership | undefined): ApplicationBlock | null {
  if (pendingApplication(mine)) return 'pending';
  if (mine?.trialUsed) return 'trialUsed';
  return null;
}

/**
 * Where a person stands with one version: it is the plan they hold (`held`, with its end), they wait
 * for a decision on it (`pending`), they may apply (`open`), or an application is not possible now
 * (`blocked`: another application waits, or the free trial was used).
 */
export type VersionStanding =
  | { kind: 'held'; endsAt: number }
  | { kind: 'pending'; submittedAt: number }
  | { kind: 'open' }
  | { kind: 'blocked'; reason: ApplicationBlock };

export function versionStanding(versionId: number, mine: MyMembership | undefined, now: number = Date.now()): VersionStanding {
  const held = heldMembership(mine, now);
  if (held?.versionId === versionId) return { kind: 'held', endsAt: held.endsAt };
  const pending = pendingApplication(mine);
  if (pending?.versionId === versionId) return { kind: 'pending', submittedAt: pending.createdAt };
  const block = applicationBlock(mine);
  return block ? { kind: 'blocked', reason: block } : { kind: 'open' };
}
