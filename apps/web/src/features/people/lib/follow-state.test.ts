import { describe, expect, it } from 'vitest';
import { followButtonState, workTypeTabs } from './follow-state';

const viewer = (isFollowing: boolean, isFollowedBy: boolean) => ({ isFollowing, isFollowedBy, remarkName: '' });

describe('followButtonState', () => {
  it('offers nothing on one own page, even signed in', () => {
    expect(followButtonState({ isSelf: true, viewer: viewer(false, false) })).toBe('self');
  });

  it('asks a visitor to sign in first', () => {
    expect(followButtonState({ isSelf: false, viewer: null })).toBe('signedOut');
  });

  it('follows, follows back, or shows the relation', () => {
    expect(followButtonState({ isSelf: false, viewer: viewer(false, false) })).toBe('follow');
    expect(followButtonState({ isSelf: false, viewer: viewer(false, true) })).toBe('followBack');
    expect(followButtonState({ isSelf: false, viewer: viewer(true, false) })).toBe('following');
    expect(followButtonState({ isSelf: false, viewer: viewer(true, true) })).toBe('mutual');
  });
});

describe('workTypeTabs', () => {
  it('lists all, then each type in the site order, with their counts', () => {
    expect(workTypeTabs({ model3d: 2, pointcloud: 1, panorama: 0 })).toEqual([
      { key: 'all', count: 3 },
      { key: 'panorama', count: 0 },
      { key: 'model3d', count: 2 },
      { key: 'pointcloud', count: 1 },
    ]);
  });
});
