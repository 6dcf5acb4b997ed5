import { IDLE_PROCESSING, type PointCloudListItem, type WorkProcessing } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { canOpen, POINT_CLOUD_POLL_MS, pointCloudPollInterval, pointCloudProgressOf } from './point-cloud-rows';

const processing = (extra: Partial<WorkProcessing> = {}): WorkProcessing => ({ ...IDLE_PROCESSING, ...extra });
const item = (extra: Partial<WorkProcessing> = {}, points: number | null = null): PointCloudListItem => ({
  uid: 'P1',
  name: 'Terrain',
  coverUrl: '',
  status: 'published',
  processing: processing(extra),
  points,
  updatedAt: 0,
});
const page = (...list: PointCloudListItem[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('the point-cloud list', () => {
  it('polls while a cloud on the page is queued or running, and stops after', () => {
    expect(pointCloudPollInterval(page(item({ state: 'done' }), item({ state: 'running', stage: 'convert' })))).toBe(POINT_CLOUD_POLL_MS);
    expect(pointCloudPollInterval(page(item({ state: 'queued' })))).toBe(POINT_CLOUD_POLL_MS);
    expect(pointCloudPollInterval(page(item({ state: 'done' }), item({ state: 'failed' })))).toBe(false);
    expect(pointCloudPollInterval(undefined)).toBe(false);
  });

  it('shows a conversion with its points, and a percent that reaches 100 only when done', () => {
    expect(
      pointCloudProgressOf(item({ state: 'running', stage: 'convert', progress: 0.999, points: { done: 1_200_000, total: 20_000_000 } })),
    ).toEqual({
      kind: 'running',
      percent: 99,
      stage: 'convert',
      points: { done: 1_200_000, total: 20_000_000 },
    });
    expect(pointCloudProgressOf(item({ state: 'running', stage: null, progress: 0.1 }))).toMatchObject({ stage: 'prepare', points: null });
    expect(
      pointCloudProgressOf(
        item({ state: 'failed', failure: { reason: 'damagedFile', message: 'The file is damaged', fileName: 'a.las' } }),
      ),
    ).toEqual({
      kind: 'failed',
      message: 'The file is damaged',
    });
  });

  it('opens a cloud that has a published octree, even while it is processed again', () => {
    expect(canOpen(item({ state: 'running' }, 2_500_000))).toBe(true);
    expect(canOpen(item({ state: 'failed' }))).toBe(false);
  });
});
