import { ErrorCode, type Tour, type WorkDetail } from '@spatia/contract';
import { ApiError } from '../../../api/client';

/** Why the page shows a notice instead of the work: gone or offline (404), or anything else. */
export type WorkFailure = 'offline' | 'failed';

export function workFailureOf(error: unknown): WorkFailure {
  return isNotFound(error) ? 'offline' : 'failed';
}

/** What the viewer area shows. */
export type ViewerArea =
  | { kind: 'loading' }
  | { kind: 'tour'; tour: Tour }
  /** Not processed yet (1903), or processed into no scene. */
  | { kind: 'processing' }
  /** Went offline between the two requests. */
  | { kind: 'offline' }
  /** 3D models and point clouds: no viewer for them on this page yet. */
  | { kind: 'notPanorama' }
  | { kind: 'failed' };

export interface TourQueryState {
  status: 'pending' | 'error' | 'success';
  data?: Tour;
  error?: unknown;
}

export function viewerAreaFor(work: Pick<WorkDetail, 'type'>, tour: TourQueryState): ViewerArea {
  if (work.type !== 'panorama') return { kind: 'notPanorama' };
  if (tour.status === 'pending') return { kind: 'loading' };
  if (tour.status === 'error') {
    const error = tour.error;
    if (error instanceof ApiError && error.code === ErrorCode.workNotProcessed) return { kind: 'processing' };
    if (error instanceof ApiError && error.code === ErrorCode.notAPanorama) return { kind: 'notPanorama' };
    if (isNotFound(error)) return { kind: 'offline' };
    return { kind: 'failed' };
  }
  if (!tour.data || tour.data.scenes.length === 0) return { kind: 'processing' };
  return { kind: 'tour', tour: tour.data };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === ErrorCode.notFound);
}
