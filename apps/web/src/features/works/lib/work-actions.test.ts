import { WORK_STATUSES, type WorkStatus } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteAll, offeredWorkActions, type WorkActionSubject, type WorkMenuAction } from './work-actions';

const work = (status: WorkStatus, extra: Partial<WorkActionSubject> = {}): WorkActionSubject => ({
  type: 'panorama',
  status,
  openInOfficial: false,
  marketPrice: null,
  pendingTransfer: false,
  ...extra,
});

const actionsOf = (subject: WorkActionSubject): WorkMenuAction[] => offeredWorkActions(subject).map(({ action }) => action);

describe('offeredWorkActions', () => {
  it('offers a draft editing, uploads and going online, but no review, showcase or market', () => {
    expect(actionsOf(work('unpublished'))).toEqual([
      'edit',
      'upload',
      'verify',
      'publish',
      'sellTo',
      'distribute',
      'share',
      'copy',
      'budget',
      'delete',
    ]);
  });

  it('blocks sharing a draft instead of hiding it, since the reason is worth telling', () => {
    expect(offeredWorkActions(work('unpublished')).find(({ action }) => action === 'share')).toEqual({
      action: 'share',
      blockedBy: 'notOnline',
    });
    expect(offeredWorkActions(work('published')).find(({ action }) => action === 'share')).toEqual({ action: 'share' });
  });

  it('offers an online work going offline, review and reset', () => {
    const actions = actionsOf(work('published'));
    expect(actions).toEqual(expect.arrayContaining(['unpublish', 'submitAudit', 'reset', 'edit']));
    expect(actions).not.toContain('publish');
    expect(actions).not.toContain('withdrawAudit');
    expect(actions).not.toContain('putOnMarket');
    expect(actions).not.toContain('showInOfficial');
  });

  it('lets a work waiting for review be withdrawn but not edited', () => {
    const actions = actionsOf(work('unaudited'));
    expect(actions).toContain('withdrawAudit');
    expect(actions).not.toContain('submitAudit');
    expect(actions).not.toContain('edit');
    expect(actions).not.toContain('upload');
  });

  it('neither edits nor withdraws a work under review', () => {
    const actions = actionsOf(work('underReview'));
    expect(actions).not.toContain('edit');
    expect(actions).not.toContain('withdrawAudit');
    expect(actions).toContain('unpublish');
  });

  it('lets a rejected work be edited and submitted again', () => {
    expect(actionsOf(work('notPassed'))).toEqual(expect.arrayContaining(['edit', 'submitAudit']));
  });

  it('opens the showcase and the market only to reviewed works', () => {
    for (const status of WORK_STATUSES) {
      const actions = actionsOf(work(status));
      const reviewed = status === 'passed' || status === 'exposed';
      expect(actions.includes('showInOfficial'), status).toBe(reviewed);
      expect(actions.includes('putOnMarket'), status).toBe(reviewed);
    }
  });

  it('turns showcase and market actions into their opposites once on', () => {
    const actions = actionsOf(work('exposed', { openInOfficial: true, marketPrice: 1200 }));
    expect(actions).toEqual(expect.arrayContaining(['hideFromOfficial', 'takeOffMarket']));
    expect(actions).not.toContain('showInOfficial');
    expect(actions).not.toContain('putOnMarket');
  });

  it('reads the latest listing: waiting or on the market can be taken off, rejected or off can be listed again', () => {
    expect(actionsOf(work('passed', { market: 'pending' }))).toContain('takeOffMarket');
    expect(actionsOf(work('passed', { market: 'pending' }))).not.toContain('putOnMarket');
    expect(actionsOf(work('exposed', { marketPrice: 1200, market: 'onMarket' }))).toContain('takeOffMarket');
    for (const market of ['rejected', 'off', null] as const) {
      const actions = actionsOf(work('passed', { market }));
      expect(actions, String(market)).toContain('putOnMarket');
      expect(actions, String(market)).not.toContain('takeOffMarket');
    }
  });

  it('blocks handing over, pricing, resetting and deleting while a transfer waits', () => {
    const offered = offeredWorkActions(work('passed', { pendingTransfer: true }));
    const blocked = offered.filter(({ blockedBy }) => blockedBy === 'pendingTransfer').map(({ action }) => action);
    expect(blocked).toEqual(['putOnMarket', 'sellTo', 'distribute', 'reset', 'delete']);
    expect(offered.find(({ action }) => action === 'copy')?.blockedBy).toBeUndefined();
  });

  it('offers every status verify, copy, budget and delete', () => {
    for (const status of WORK_STATUSES) {
      expect(actionsOf(work(status))).toEqual(expect.arrayContaining(['verify', 'copy', 'budget', 'delete']));
    }
  });
});

describe('offeredWorkActions for a panorama and its processing', () => {
  const processingActions = (state: 'idle' | 'queued' | 'running' | 'done' | 'failed', sceneCount = 0) =>
    offeredWorkActions(work('unpublished'), { state, sceneCount, hasOrigin: true }).filter(({ action }) =>
      ['process', 'editTour', 'downloadOffline', 'openPublic'].includes(action),
    );

  it('offers nothing of processing without a processing state (other types, or not known yet)', () => {
    expect(actionsOf(work('unpublished'))).not.toContain('process');
  });

  it('offers processing a work never processed, but no tour yet', () => {
    expect(processingActions('idle')).toEqual([{ action: 'process' }]);
  });

  it('shows processing blocked while a run is queued or running', () => {
    expect(processingActions('queued')).toEqual([{ action: 'process', blockedBy: 'processing' }]);
  });

  it('shows processing blocked, with the reason, while the work has no original file', () => {
    const withoutOrigin = (state: 'idle' | 'failed' | 'done') =>
      offeredWorkActions(work('unpublished'), { state, sceneCount: 0, hasOrigin: false }).find(({ action }) => action === 'process');
    expect(withoutOrigin('idle')).toEqual({ action: 'process', blockedBy: 'noOrigin' });
    // The original deleted after a run: no retry and no second run until there is one again.
    expect(withoutOrigin('failed')).toEqual({ action: 'process', blockedBy: 'noOrigin' });
    expect(withoutOrigin('done')).toEqual({ action: 'process', blockedBy: 'noOrigin' });
    expect(offeredWorkActions(work('unpublished'), { state: 'running', sceneCount: 0, hasOrigin: false })).toContainEqual({
      action: 'process',
      blockedBy: 'processing',
    });
  });

  it('offers the tour, its offline package and its public page once processed, after the menu order', () => {
    expect(processingActions('done', 2)).toEqual([
      { action: 'process' },
      { action: 'editTour' },
      { action: 'downloadOffline' },
      { action: 'openPublic' },
    ]);
    expect(actionsOf(work('unpublished')).indexOf('verify')).toBeLessThan(
      offeredWorkActions(work('unpublished'), { state: 'done', sceneCount: 1, hasOrigin: true }).findIndex(
        ({ action }) => action === 'process',
      ),
    );
  });

  it('keeps the published tour while another run goes on or after it failed', () => {
    expect(processingActions('running', 2).map(({ action }) => action)).toEqual(['process', 'editTour', 'downloadOffline', 'openPublic']);
    expect(processingActions('failed', 2).map(({ action }) => action)).toContain('editTour');
    expect(processingActions('failed', 0).map(({ action }) => action)).toEqual(['process']);
  });
});

describe('offeredWorkActions for 3D models and point clouds', () => {
  const spatialActions = (type: 'model3d' | 'pointcloud', state: 'idle' | 'running' | 'done' | 'failed') =>
    offeredWorkActions(work('unpublished', { type }), { state, sceneCount: 0, hasOrigin: true })
      .map(({ action }) => action)
      .filter((action) => ['process', 'editTour', 'downloadOffline', 'exportLas', 'downloadOriginal', 'openPublic'].includes(action));

  it('processes them like panoramas, but never offers the tour editor or the offline package', () => {
    expect(spatialActions('model3d', 'idle')).toEqual(['process', 'downloadOriginal']);
    expect(spatialActions('model3d', 'done')).toEqual(['process', 'downloadOriginal', 'openPublic']);
  });

  it('offers the LAS export of a point cloud once it is processed', () => {
    expect(spatialActions('pointcloud', 'running')).toEqual(['process', 'downloadOriginal']);
    expect(spatialActions('pointcloud', 'done')).toEqual(['process', 'exportLas', 'downloadOriginal', 'openPublic']);
  });

  it('leaves the original of a panorama to the edit drawer (many pictures, not one file)', () => {
    expect(actionsOf(work('unpublished'))).not.toContain('downloadOriginal');
  });
});

describe('canDeleteAll', () => {
  it('needs a selection without a pending transfer', () => {
    expect(canDeleteAll([])).toBe(false);
    expect(canDeleteAll([{ pendingTransfer: false }, { pendingTransfer: false }])).toBe(true);
    expect(canDeleteAll([{ pendingTransfer: false }, { pendingTransfer: true }])).toBe(false);
  });
});
