import { IDLE_PROCESSING, type WorkProcessing } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import {
  describeProcessing,
  hasProcessedOutput,
  hasTour,
  isProcessingActive,
  PROCESSING_POLL_MS,
  processingFinished,
  processingPollInterval,
  processLabelOf,
} from './processing-display';

const processing = (extra: Partial<WorkProcessing> = {}): WorkProcessing => ({ ...IDLE_PROCESSING, hasOrigin: true, ...extra });

describe('polling', () => {
  it('asks every second only while the work is queued or running', () => {
    expect(processingPollInterval(processing({ state: 'queued' }))).toBe(PROCESSING_POLL_MS);
    expect(processingPollInterval(processing({ state: 'running', stage: 'tiles', progress: 0.4 }))).toBe(PROCESSING_POLL_MS);
    for (const state of ['idle', 'done', 'failed'] as const) expect(processingPollInterval(processing({ state }))).toBe(false);
    expect(processingPollInterval(undefined)).toBe(false);
  });

  it('tells when a run has just ended, and only then', () => {
    expect(processingFinished('running', 'done')).toBe(true);
    expect(processingFinished('queued', 'failed')).toBe(true);
    expect(processingFinished('running', 'running')).toBe(false);
    expect(processingFinished(undefined, 'done')).toBe(false);
    expect(processingFinished('done', 'done')).toBe(false);
    expect(isProcessingActive(undefined)).toBe(false);
  });
});

describe('describeProcessing', () => {
  it('shows a first run as "process", a finished one as "process again" and a failed one as "retry"', () => {
    expect(processLabelOf('idle')).toBe('process');
    expect(processLabelOf('done')).toBe('processAgain');
    expect(processLabelOf('failed')).toBe('retry');
  });

  it('shows a running stage with whole percent, and no way to start another run', () => {
    const view = describeProcessing(processing({ state: 'running', stage: 'tiles', progress: 0.4567 }));
    expect(view).toMatchObject({ tone: 'running', percent: 45, stage: 'tiles', canStart: false, failureMessage: null });
  });

  it('keeps the bar inside 0 to 100 and full once done', () => {
    expect(describeProcessing(processing({ state: 'running', stage: 'publish', progress: 1.2 })).percent).toBe(100);
    expect(describeProcessing(processing({ state: 'queued', progress: -1 })).percent).toBe(0);
    expect(describeProcessing(processing({ state: 'done', progress: 0.99, sceneCount: 3 }))).toMatchObject({
      tone: 'done',
      percent: 100,
      sceneCount: 3,
      stage: null,
    });
  });

  it("gives a failure the server's message and the stage it stopped in", () => {
    const failed = processing({
      state: 'failed',
      stage: 'prepare',
      failure: { reason: 'notEquirectangular', message: 'a.jpg 不是 2:1 的全景图', fileName: 'a.jpg' },
    });
    expect(describeProcessing(failed)).toMatchObject({
      tone: 'failed',
      stage: 'prepare',
      failureMessage: 'a.jpg 不是 2:1 的全景图',
      canStart: true,
      startLabel: 'retry',
    });
  });

  it('offers no start without an original file, and says what is missing instead', () => {
    for (const state of ['idle', 'failed', 'done'] as const) {
      expect(describeProcessing(processing({ state, hasOrigin: false }))).toMatchObject({ canStart: false, missingOrigin: true });
    }
    expect(describeProcessing(processing({ state: 'idle' }))).toMatchObject({ canStart: true, missingOrigin: false });
    // A run under way goes on whatever happened to its file; the bar shows it, not a missing file.
    expect(describeProcessing(processing({ state: 'running', stage: 'tiles', hasOrigin: false }))).toMatchObject({ missingOrigin: false });
  });

  it('waits in the queue without a stage', () => {
    expect(describeProcessing(processing({ state: 'queued', stage: 'prepare' }))).toMatchObject({
      tone: 'waiting',
      stage: null,
      canStart: false,
    });
  });

  it('has a tour once a run published scenes, also while the next run goes on', () => {
    expect(hasTour(processing({ state: 'running', sceneCount: 2 }))).toBe(true);
    expect(hasTour(processing({ state: 'failed', sceneCount: 0 }))).toBe(false);
    expect(hasTour(undefined)).toBe(false);
  });
});

describe('point clouds and models', () => {
  it('shows the points converted while a point cloud runs, and not once it stopped', () => {
    const running = processing({ state: 'running', stage: 'convert', progress: 0.3, points: { done: 1_200_000, total: 20_000_000 } });
    expect(describeProcessing(running).points).toEqual({ done: 1_200_000, total: 20_000_000 });
    expect(describeProcessing(processing({ state: 'running', stage: 'convert', points: { done: 0, total: 0 } })).points).toBeNull();
    expect(describeProcessing(processing({ state: 'done', points: { done: 5, total: 5 } })).points).toBeNull();
    expect(describeProcessing(processing({ state: 'running', stage: 'tiles' })).points).toBeNull();
  });

  it('counts a model or point cloud as processed when its last run succeeded, a panorama when it has scenes', () => {
    expect(hasProcessedOutput('pointcloud', processing({ state: 'done' }))).toBe(true);
    expect(hasProcessedOutput('model3d', processing({ state: 'failed' }))).toBe(false);
    expect(hasProcessedOutput('model3d', undefined)).toBe(false);
    expect(hasProcessedOutput('panorama', processing({ state: 'done', sceneCount: 0 }))).toBe(false);
    expect(hasProcessedOutput('panorama', processing({ state: 'failed', sceneCount: 3 }))).toBe(true);
  });
});
