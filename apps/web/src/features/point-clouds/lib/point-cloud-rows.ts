import type { PointCloudListItem, PointCloudPage, ProcessingStage } from '@spatia/contract';

/** How often the list asks again while a cloud on the page is queued or converting. */
export const POINT_CLOUD_POLL_MS = 1000;

export function pointCloudPollInterval(page: PointCloudPage | undefined): number | false {
  return page?.list.some((item) => isActive(item)) ? POINT_CLOUD_POLL_MS : false;
}

function isActive(item: PointCloudListItem): boolean {
  return item.processing.state === 'queued' || item.processing.state === 'running';
}

/** What the processing column shows for one cloud. */
export type PointCloudProgress =
  | { kind: 'idle' }
  | { kind: 'queued' }
  | { kind: 'running'; percent: number; stage: ProcessingStage; points: { done: number; total: number } | null }
  | { kind: 'failed'; message: string | null }
  | { kind: 'done' };

export function pointCloudProgressOf(item: PointCloudListItem): PointCloudProgress {
  const { processing } = item;
  switch (processing.state) {
    case 'idle':
      return { kind: 'idle' };
    case 'queued':
      return { kind: 'queued' };
    case 'running':
      return {
        kind: 'running',
        percent: Math.max(0, Math.min(99, Math.floor(processing.progress * 100))),
        stage: processing.stage ?? 'prepare',
        points: processing.points && processing.points.total > 0 ? processing.points : null,
      };
    case 'failed':
      return { kind: 'failed', message: processing.failure?.message ?? null };
    case 'done':
      return { kind: 'done' };
  }
}

/** A cloud can be opened once a run has published its octree (a later run or failure keeps it). */
export function canOpen(item: PointCloudListItem): boolean {
  return item.points !== null;
}
