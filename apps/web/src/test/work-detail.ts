import type { WorkDetail } from '@spatia/contract';

/** A published panorama with nothing filled in, for a test; `overrides` sets what the test looks at. */
export function workDetail(overrides: Partial<WorkDetail> = {}): WorkDetail {
  return {
    uid: 'W1',
    type: 'panorama',
    name: 'A work',
    description: '',
    tags: [],
    status: 'published',
    onLined: true,
    openInOfficial: false,
    marketPrice: null,
    budget: 0,
    coverUrl: '',
    version: 1,
    owner: { uid: 'U1', name: 'Ann Lee', avatarUrl: '' },
    pendingTransfer: false,
    createdAt: 0,
    updatedAt: 0,
    deletedAt: null,
    address: '',
    latitude: null,
    longitude: null,
    startTime: null,
    endTime: null,
    shopId: null,
    reviewNote: '',
    views: 0,
    assets: [],
    ...overrides,
  };
}
