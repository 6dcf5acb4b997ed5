import type { WorkType } from '@spatia/contract';

/**
 * The categories of /mobile/category/{id} (docs/mobile.md): every public work, or the works of one type. The ids
 * are the spec's spellings; each type id names one work type of the contract.
 */
export const MOBILE_CATEGORIES = ['all', 'panorama', 'model', 'pointCloud'] as const;
export type MobileCategory = (typeof MOBILE_CATEGORIES)[number];

const TYPE_OF: Record<MobileCategory, WorkType | undefined> = {
  all: undefined,
  panorama: 'panorama',
  model: 'model3d',
  pointCloud: 'pointcloud',
};

export function isMobileCategory(id: string | undefined): id is MobileCategory {
  return MOBILE_CATEGORIES.includes(id as MobileCategory);
}

/** The work type a category lists; undefined for all. */
export function categoryType(category: MobileCategory): WorkType | undefined {
  return TYPE_OF[category];
}

export function categoryPath(category: MobileCategory): string {
  return `/mobile/category/${category}`;
}
