import { Button } from 'antd';
import type { WorkDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import type { ViewerArea } from '../lib/public-work-state';
import './public-work.css';
import { WorkModelViewer } from './work-model-viewer';
import { WorkNotice } from './work-notice';
import { WorkPointCloudViewer } from './work-point-cloud-viewer';
import { tourPosterOf, WorkTourViewer } from './work-tour-viewer';

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
  poster,
}: {
  area: ViewerArea;
  work: WorkDetail;
  owner: boolean;
  onRetry: () => void;
  poster?: string;
}) {
  const { t } = useTranslation();
  const label = t('details.viewerLabel', { name: work.name, context: work.type });
  switch (area.kind) {
    case 'loading':
      return poster ? (
        <FirstViewPoster src={poster} />
      ) : (
        <div className="details-stage__loading" aria-label={t('details.viewerLoading', { context: work.type })} role="status" />
      );
    case 'tour':
      return <WorkTourViewer tour={area.tour} label={label} poster={poster ?? tourPosterOf(area.tour)} />;
    case 'model':
      return <WorkModelViewer scene={area.scene} label={label} />;
    case 'pointcloud':
      return <WorkPointCloudViewer scene={area.scene} editable={owner} label={label} />;
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
