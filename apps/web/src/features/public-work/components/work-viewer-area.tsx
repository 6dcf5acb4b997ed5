import { Button } from 'antd';
import type { PublicNarration, WorkDetail } from '@spatia/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../components/lazy-component';
import type { ViewerArea } from '../lib/public-work-state';
import './public-work.css';
import { WorkNotice } from './work-notice';
import { tourPosterOf, WorkTourViewer } from './work-tour-viewer';

// A tour's page never loads the 3D model's or the point cloud's parts (their measuring, their owner's bar).
const WorkModelViewer = lazyComponent(() => import('./work-model-viewer').then((module) => module.WorkModelViewer));
const WorkPointCloudViewer = lazyComponent(() => import('./work-point-cloud-viewer').then((module) => module.WorkPointCloudViewer));

/**
 * What the viewer area of a work's page shows (the public page, a market listing's page): the viewer of its
 * type, or why there is none yet. Its box (`.details-stage`) is the page's. A tour shows its opening
 * picture (`poster`, the one the server showed, else its first scene's) until the viewer draws.
 */
export function WorkViewerArea({
  area,
  work,
  owner,
  onRetry,
  narration = null,
  poster,
}: {
  area: ViewerArea;
  work: WorkDetail;
  owner: boolean;
  onRetry: () => void;
  /** A tour's published narrated guide, played over its viewer (docs/narrations.md). */
  narration?: PublicNarration | null;
  poster?: string;
}) {
  const { t } = useTranslation();
  const label = t('details.viewerLabel', { name: work.name, context: work.type });
  const loading = <div className="details-stage__loading" aria-label={t('details.viewerLoading', { context: work.type })} role="status" />;
  switch (area.kind) {
    case 'loading':
      return poster ? <FirstViewPoster src={poster} /> : loading;
    case 'tour':
      return <WorkTourViewer tour={area.tour} label={label} narration={narration} poster={poster ?? tourPosterOf(area.tour)} />;
    case 'model':
      return (
        <Suspense fallback={loading}>
          <WorkModelViewer scene={area.scene} label={label} />
        </Suspense>
      );
    case 'pointcloud':
      return (
        <Suspense fallback={loading}>
          <WorkPointCloudViewer scene={area.scene} editable={owner} label={label} />
        </Suspense>
      );
    case 'processing':
      return (
        <WorkNotice
          dark
          status="info"
          title={t('details.processingTitle', { context: work.type })}
          text={t('details.processingText', { context: work.type })}
        />
      );
    case 'offline':
      return <WorkNotice dark status="404" title={t('details.offlineTitle')} text={t('details.offlineText')} />;
    case 'paused':
    case 'unsupported':
      // Nothing to view: the cover stays behind the notice.
      return (
        <>
          {work.coverUrl && <img className="details-stage__cover" src={work.coverUrl} alt="" />}
          {area.kind === 'paused' ? (
            <WorkNotice dark status="warning" title={t('details.pausedTitle')} text={t(`details.pausedText.${area.reason}`)} />
          ) : (
            <WorkNotice dark status="info" title={t('details.unsupportedTitle')} text={t('details.unsupportedText')} />
          )}
        </>
      );
    case 'failed':
      return (
        <WorkNotice
          dark
          status="error"
          title={t('details.tourFailedTitle', { context: work.type })}
          action={
            <Button type="primary" onClick={onRetry}>
              {t('details.retry')}
            </Button>
          }
        />
      );
  }
}

/** The tour's opening picture in the viewer's box while its data or code is on the way. */
export function FirstViewPoster({ src }: { src: string }) {
  return <img className="public-work-viewer__poster" src={src} alt="" data-testid="viewer-poster" />;
}
