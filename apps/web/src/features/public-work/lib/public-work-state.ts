import {
  ErrorCode,
  type ModelView,
  type PointCloudView,
  type Tour,
  type WorkDetail,
  type WorkScene,
  BillingErrors,
  ProcessingErrors,
  SpatialErrors,
  TourErrors,
} from '@spatia/contract';
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
  | { kind: 'model'; scene: ModelView }
  | { kind: 'pointcloud'; scene: PointCloudView }
  /** Not processed yet (1903), or processed into no scene. */
  | { kind: 'processing' }
  /** Went offline between the two requests. */
  | { kind: 'offline' }
  /** Paused for viewers: the work served its monthly budget (1610), or its traffic is unpaid past the grace period (1611). */
  | { kind: 'paused'; reason: 'budget' | 'balance' }
  /** The server has no viewer for this work's type (1904, 1907). */
  | { kind: 'unsupported' }
  | { kind: 'failed' };

export interface ViewQueryState<T> {
  status: 'pending' | 'error' | 'success';
  data?: T;
  error?: unknown;
}

export type TourQueryState = ViewQueryState<Tour>;
export type SceneQueryState = ViewQueryState<WorkScene>;

/**
 * A panorama shows its tour (`GET /model/{uid}/tour`); a 3D model or point cloud its scene
 * (`GET /model/{uid}/scene`). Only the query of the work's type is asked; the other stays pending.
 */
export function viewerAreaFor(
  work: Pick<WorkDetail, 'type'>,
  tour: TourQueryState,
  scene: SceneQueryState = { status: 'pending' },
): ViewerArea {
  const query = work.type === 'panorama' ? tour : scene;
  if (query.status === 'pending') return { kind: 'loading' };
  if (query.status === 'error') return errorArea(query.error);
  if (work.type === 'panorama') {
    if (!tour.data || tour.data.scenes.length === 0) return { kind: 'processing' };
    return { kind: 'tour', tour: tour.data };
  }
  const data = scene.data;
  if (!data) return { kind: 'processing' };
  return data.type === 'model3d' ? { kind: 'model', scene: data } : { kind: 'pointcloud', scene: data };
}

function errorArea(error: unknown): ViewerArea {
  if (error instanceof ApiError && error.code === ProcessingErrors.workNotProcessed.code) return { kind: 'processing' };
  if (error instanceof ApiError && (error.code === TourErrors.notAPanorama.code || error.code === SpatialErrors.notAModelOrPointCloud.code))
    return { kind: 'unsupported' };
  if (error instanceof ApiError && error.code === BillingErrors.workBudgetUsedUp.code) return { kind: 'paused', reason: 'budget' };
  if (error instanceof ApiError && error.code === BillingErrors.workBalanceUnpaid.code) return { kind: 'paused', reason: 'balance' };
  if (isNotFound(error)) return { kind: 'offline' };
  return { kind: 'failed' };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === ErrorCode.notFound);
}
