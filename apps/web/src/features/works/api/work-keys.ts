import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the works feature. Everything starts with 'works', so that one invalidation after a
 * change refreshes the lists, the recycle bin and any open work together.
 */
export const workKeys = {
  all: ['works'] as const,
  lists: () => [...workKeys.all, 'list'] as const,
  recycleBin: () => [...workKeys.all, 'recycleBin'] as const,
  share: (uid: string) => [...workKeys.all, 'share', uid] as const,
  processing: (uid: string) => [...workKeys.all, 'processing', uid] as const,
  traffic: (uid: string, days: number) => [...workKeys.all, 'traffic', uid, days] as const,
};

export function invalidateWorks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: workKeys.all });
}

/** The form body the spec's client sends for attribute changes and the like. */
export const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;
