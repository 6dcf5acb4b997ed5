import type { ProcessingStage, ProcessingState, WorkProcessing, WorkType } from '@spatia/contract';

/** How often the console asks where a queued or running work stands. */
export const PROCESSING_POLL_MS = 1000;

/** What the works menu and the indicator need to know about a work's processing. */
export type ProcessingSubject = Pick<WorkProcessing, 'state' | 'sceneCount' | 'hasOrigin'>;

/** Queued or running: the server refuses another start (1901) and the console keeps asking. */
export function isProcessingActive(state: ProcessingState | undefined): boolean {
  return state === 'queued' || state === 'running';
}

/** TanStack Query's `refetchInterval`: every second while the work waits or runs, never otherwise. */
export function processingPollInterval(processing: WorkProcessing | undefined): number | false {
  return processing && isProcessingActive(processing.state) ? PROCESSING_POLL_MS : false;
}

/** A run that was queued or running a moment ago and is not any more (the list then shows the new cover). */
export function processingFinished(previous: ProcessingState | undefined, next: ProcessingState | undefined): boolean {
  return isProcessingActive(previous) && next !== undefined && !isProcessingActive(next);
}

/** The words on the button that starts a run: a first run, another one after success, or a retry after a failure. */
export type ProcessLabel = 'process' | 'processAgain' | 'retry';

export function processLabelOf(state: ProcessingState): ProcessLabel {
  if (state === 'failed') return 'retry';
  if (state === 'done') return 'processAgain';
  return 'process';
}

/** A published tour exists: the last successful run produced scenes (a later run or failure does not take them away). */
export function hasTour(processing: ProcessingSubject | undefined): boolean {
  return processing !== undefined && processing.sceneCount > 0;
}

/**
 * Whether a viewer has something to show. A panorama: its published tour. A model or point cloud: its
 * last run succeeded (the processing answer counts scenes only, so an earlier success behind a later
 * failure is not visible here; the public page still shows it).
 */
export function hasProcessedOutput(type: WorkType, processing: ProcessingSubject | undefined): boolean {
  if (type === 'panorama') return hasTour(processing);
  return processing?.state === 'done';
}

export type ProcessingTone = 'idle' | 'waiting' | 'running' | 'failed' | 'done';

export interface ProcessingView {
  tone: ProcessingTone;
  /** Whole percent for the progress bar; 100 when done. */
  percent: number;
  /** The stage to name while running (or the one that failed). */
  stage: ProcessingStage | null;
  sceneCount: number;
  /** A point cloud's conversion: points read so far out of all, while it runs. */
  points: { done: number; total: number } | null;
  /** The server's localized reason, when the run failed. */
  failureMessage: string | null;
  /** Whether a run can be started now: not while one is queued or running, nor without an original file. */
  canStart: boolean;
  /** The work has no original file: a start would be refused, so the indicator says what to upload instead. */
  missingOrigin: boolean;
  startLabel: ProcessLabel;
}

/** What the indicator shows for a work's processing, in every state. */
export function describeProcessing(processing: WorkProcessing): ProcessingView {
  const percent = processing.state === 'done' ? 100 : Math.max(0, Math.min(100, Math.floor(processing.progress * 100)));
  return {
    tone: toneOf(processing.state),
    percent,
    stage: processing.state === 'running' || processing.state === 'failed' ? processing.stage : null,
    sceneCount: processing.sceneCount,
    points: processing.state === 'running' && processing.points && processing.points.total > 0 ? processing.points : null,
    failureMessage: processing.state === 'failed' ? (processing.failure?.message ?? null) : null,
    canStart: !isProcessingActive(processing.state) && processing.hasOrigin,
    missingOrigin: !processing.hasOrigin && !isProcessingActive(processing.state),
    startLabel: processLabelOf(processing.state),
  };
}

function toneOf(state: ProcessingState): ProcessingTone {
  switch (state) {
    case 'idle':
      return 'idle';
    case 'queued':
      return 'waiting';
    case 'running':
      return 'running';
    case 'failed':
      return 'failed';
    case 'done':
      return 'done';
  }
}
