import {
  ErrorCode,
  type ModelView,
  type PointCloudView,
  type Tour,
  BillingErrors,
  ProcessingErrors,
  SpatialErrors,
  TourErrors,
} from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { viewerAreaFor, workFailureOf } from './public-work-state';

const tour = (scenes: number): Tour =>
  ({
    workUid: 'w1',
    name: 'House',
    scenes: Array.from({ length: scenes }, (_, i) => ({ id: `a${i}` })),
    autorotateDelay: 0,
    gallery: true,
    musicUrl: null,
    revision: 1,
  }) as unknown as Tour;
const panorama = { type: 'panorama' as const };

describe('public work page states', () => {
  it('calls a 404 offline and anything else a failure', () => {
    expect(workFailureOf(new ApiError('gone', ErrorCode.notFound, 404, false))).toBe('offline');
    expect(workFailureOf(new ApiError('', ErrorCode.internal, 500, false))).toBe('failed');
    expect(workFailureOf(new ApiError('', undefined, undefined, false))).toBe('failed');
  });

  it('shows the tour once it has scenes', () => {
    const data = tour(2);
    expect(viewerAreaFor(panorama, { status: 'success', data })).toEqual({ kind: 'tour', tour: data });
    expect(viewerAreaFor(panorama, { status: 'pending' })).toEqual({ kind: 'loading' });
  });

  it('says "still being processed" on 1903 and for a tour without scenes', () => {
    expect(
      viewerAreaFor(panorama, { status: 'error', error: new ApiError('', ProcessingErrors.workNotProcessed.code, 409, false) }),
    ).toEqual({
      kind: 'processing',
    });
    expect(viewerAreaFor(panorama, { status: 'success', data: tour(0) })).toEqual({ kind: 'processing' });
  });

  it('tells offline (404), not a panorama (1904) and other failures apart', () => {
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', ErrorCode.notFound, 404, false) })).toEqual({
      kind: 'offline',
    });
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', TourErrors.notAPanorama.code, 409, false) })).toEqual({
      kind: 'unsupported',
    });
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', undefined, undefined, false) })).toEqual({ kind: 'failed' });
  });

  it('says a work is paused for its budget (1610) or its unpaid traffic (1611)', () => {
    const paused = (code: number) => viewerAreaFor(panorama, { status: 'error', error: new ApiError('', code, 402, false) });
    expect(paused(BillingErrors.workBudgetUsedUp.code)).toEqual({ kind: 'paused', reason: 'budget' });
    expect(paused(BillingErrors.workBalanceUnpaid.code)).toEqual({ kind: 'paused', reason: 'balance' });
  });

  it('shows a 3D model or a point cloud from its scene, never from the tour', () => {
    const model = { type: 'model3d', workUid: 'w2' } as unknown as ModelView;
    const cloud = { type: 'pointcloud', workUid: 'w3' } as unknown as PointCloudView;
    const tourError = { status: 'error' as const, error: new ApiError('', TourErrors.notAPanorama.code, 409, false) };
    expect(viewerAreaFor({ type: 'model3d' }, tourError, { status: 'pending' })).toEqual({ kind: 'loading' });
    expect(viewerAreaFor({ type: 'model3d' }, tourError, { status: 'success', data: model })).toEqual({ kind: 'model', scene: model });
    expect(viewerAreaFor({ type: 'pointcloud' }, { status: 'pending' }, { status: 'success', data: cloud })).toEqual({
      kind: 'pointcloud',
      scene: cloud,
    });
  });

  it("reads the scene's refusals as the tour's: not processed (1903), wrong type (1907), gone", () => {
    const failing = (code: number, status: number) => ({ status: 'error' as const, error: new ApiError('', code, status, false) });
    expect(viewerAreaFor({ type: 'pointcloud' }, { status: 'pending' }, failing(ProcessingErrors.workNotProcessed.code, 409))).toEqual({
      kind: 'processing',
    });
    expect(viewerAreaFor({ type: 'model3d' }, { status: 'pending' }, failing(SpatialErrors.notAModelOrPointCloud.code, 409))).toEqual({
      kind: 'unsupported',
    });
    expect(viewerAreaFor({ type: 'model3d' }, { status: 'pending' }, failing(ErrorCode.notFound, 404))).toEqual({ kind: 'offline' });
  });
});
