import { ErrorCode, type Tour } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { viewerAreaFor, workFailureOf } from './public-work-state';

const tour = (scenes: number): Tour =>
  ({ workUid: 'w1', name: 'House', scenes: Array.from({ length: scenes }, (_, i) => ({ id: `a${i}` })), autorotateDelay: 0, gallery: true, musicUrl: null, revision: 1 }) as unknown as Tour;
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
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', ErrorCode.workNotProcessed, 409, false) })).toEqual({ kind: 'processing' });
    expect(viewerAreaFor(panorama, { status: 'success', data: tour(0) })).toEqual({ kind: 'processing' });
  });

  it('tells offline (404), not a panorama (1904) and other failures apart', () => {
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', ErrorCode.notFound, 404, false) })).toEqual({ kind: 'offline' });
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', ErrorCode.notAPanorama, 409, false) })).toEqual({ kind: 'notPanorama' });
    expect(viewerAreaFor(panorama, { status: 'error', error: new ApiError('', undefined, undefined, false) })).toEqual({ kind: 'failed' });
  });

  it('does not ask for a tour of a 3D model or point cloud', () => {
    expect(viewerAreaFor({ type: 'model3d' }, { status: 'pending' })).toEqual({ kind: 'notPanorama' });
    expect(viewerAreaFor({ type: 'pointcloud' }, { status: 'pending' })).toEqual({ kind: 'notPanorama' });
  });
});
