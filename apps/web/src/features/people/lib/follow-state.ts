import { WORK_TYPES, type PersonHomepage, type WorkType } from '@spatia/contract';

/**
 * What a homepage's follow button offers: nothing on one's own page; to a visitor, a follow that first asks
 * them to sign in; otherwise follow (or follow back, when they follow me), and once I follow them, the state
 * (following, or mutual) with unfollow behind it.
 */
export type FollowButtonState = 'self' | 'signedOut' | 'follow' | 'followBack' | 'following' | 'mutual';

export function followButtonState(homepage: Pick<PersonHomepage, 'isSelf' | 'viewer'>): FollowButtonState {
  if (homepage.isSelf) return 'self';
  const { viewer } = homepage;
  if (!viewer) return 'signedOut';
  if (viewer.isFollowing) return viewer.isFollowedBy ? 'mutual' : 'following';
  return viewer.isFollowedBy ? 'followBack' : 'follow';
}

/** The type tabs of a works grid: all, then each type, with the number of public works of each. */
export function workTypeTabs(counts: Readonly<Record<WorkType, number>>): { key: WorkType | 'all'; count: number }[] {
  const total = WORK_TYPES.reduce((sum, type) => sum + counts[type], 0);
  return [{ key: 'all', count: total }, ...WORK_TYPES.map((type) => ({ key: type, count: counts[type] }))];
}
