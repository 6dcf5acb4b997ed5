/**
 * Where a person's pages are (spec 2.2): the homepage `/person` (one's own without a query, anyone's with
 * `?uid=`, the query name of the spec's other uid pages) and `/userWork/{uid}`, their public works. The
 * signed-in person's lists of follows, fans and mutual follows are tabs of their own homepage
 * (`?tab=`). Outside the people feature because the header, the overview and the works link here too.
 */
export const PERSON_PATH = '/person';

export const PERSON_TABS = ['works', 'follows', 'fans', 'mutual'] as const;
export type PersonTab = (typeof PERSON_TABS)[number];

export function isPersonTab(value: string | null | undefined): value is PersonTab {
  return (PERSON_TABS as readonly string[]).includes(value ?? '');
}

/** A person's homepage; without a uid, the signed-in person's own. A tab other than the works is named in `?tab=`. */
export function personPath(uid?: string, tab: PersonTab = 'works'): string {
  const query = new URLSearchParams();
  if (uid) query.set('uid', uid);
  if (tab !== 'works') query.set('tab', tab);
  const search = query.toString();
  return search ? `${PERSON_PATH}?${search}` : PERSON_PATH;
}

/** A person's public works. */
export function userWorkPath(uid: string): string {
  return `/userWork/${encodeURIComponent(uid)}`;
}
