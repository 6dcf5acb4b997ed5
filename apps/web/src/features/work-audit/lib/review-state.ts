import type { WorkReviewItem } from '@spatia/contract';

/** Where a queued work stands for the admin looking at it. */
export type ReviewState = 'waiting' | 'mine' | 'others';

/**
 * Waiting works can be claimed; a claimed one is decided only by its claimer (the server enforces it,
 * the page only offers what will be accepted). A claimed work whose claimer is unknown counts as others'.
 */
export function reviewStateOf(item: Pick<WorkReviewItem, 'status' | 'reviewer'>, myUid: string): ReviewState {
  if (item.status === 'unaudited') return 'waiting';
  return item.reviewer !== null && myUid !== '' && item.reviewer.uid === myUid ? 'mine' : 'others';
}

/** The public page of a work, embedded: the same viewer visitors get (`?embed=1` shows the viewer alone). */
export function previewUrl(uid: string): string {
  return `/details/${encodeURIComponent(uid)}?embed=1`;
}

export function detailsUrl(uid: string): string {
  return `/details/${encodeURIComponent(uid)}`;
}
