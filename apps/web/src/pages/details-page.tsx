import { EyeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag } from 'antd';
import type { WorkDetail } from '@spatia/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { BrandBar } from '../components/brand-bar';
import { lazyComponent } from '../components/lazy-component';
import { UserAvatar } from '../components/user-avatar';
import { IdentityBadges } from '../components/identity-badges';
import { serverFirstViewOf } from '../app/server-first-view';
import {
  FirstViewPoster,
  loadModelOptimisation,
  loadOwnerDownloads,
  loadPublicShareDialog,
  preloadTourViewer,
  useCountView,
  usePublicTour,
  usePublicWork,
  useWorkScene,
  viewerAreaFor,
  WorkFacts,
  workFailureOf,
  WorkNotice,
  WorkViewerArea,
} from '../features/public-work';
import { usePublicNarration } from '../features/narrations';
import { useLanguage } from '../i18n';
import { formatNumber } from '../lib/format';
import { useSession } from '../stores/session-store';
import { displayPersonName } from '../lib/person-name';
import './details/details-page.css';

// Antd's Modal and the QR code load when the visitor first shares, not with the page.
const PublicShareDialog = lazyComponent(loadPublicShareDialog);
// Only an owner of a model or point cloud sees these; a tour's visitors never load them.
const ModelOptimisation = lazyComponent(loadModelOptimisation);
const OwnerDownloads = lazyComponent(loadOwnerDownloads);

/**
 * /details/{uid}: a work's public page. The viewer full width on top (a panorama's tour, a 3D model,
 * or a point cloud), then name, author, views, tags, description and cover video, and a share dialog.
 * `?embed=1` (the embed code's iframe) shows the viewer alone. Offline works answer 404 to everyone but
 * their owner. The owner (the signed-in person the work belongs to; the server checks again) also
 * measures on a point cloud and downloads the original and the LAS export.
 *
 * Opened from a link to a tour, the server has already shown the tour's opening picture (`serverPoster`):
 * the page keeps it in the viewer's place, asks for the tour and the viewer's code at once, in parallel
 * with the work, and takes the picture away at the viewer's first frame (docs/web.md, "The shared work page").
 */
export default function DetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const embedded = searchParams.get('embed') === '1';
  const serverPoster = serverFirstViewOf(`/details/${id}`) ?? undefined;
  const work = usePublicWork(id);
  const tour = usePublicTour(id, work.data?.type === 'panorama' || serverPoster !== undefined);
  // A tour's narrated guide (docs/narrations.md): a small answer, null for most tours; the player's code loads only with one.
  const narration = usePublicNarration(id, useLanguage(), work.data?.type === 'panorama');
  const scene = useWorkScene(id, work.data !== undefined && work.data.type !== 'panorama');
  const sessionUid = useSession((session) => session.uid);
  const [sharing, setSharing] = useState(false);
  const [shareOpened, setShareOpened] = useState(false);
  useCountView(id, work.isSuccess);
  useEffect(() => {
    if (serverPoster) preloadTourViewer();
  }, [serverPoster]);

  if (work.isPending) {
    return (
      <div className={embedded ? 'details-embed' : 'details-page'} aria-busy="true">
        {!embedded && <DetailsTopBar />}
        {serverPoster ? (
          <div className="details-stage">
            <FirstViewPoster src={serverPoster} />
          </div>
        ) : (
          <div className="details-stage details-stage--loading" />
        )}
        {!embedded && (
          <div className="details-body">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        )}
      </div>
    );
  }

  if (work.isError) {
    const offline = workFailureOf(work.error) === 'offline';
    const notice = offline ? (
      <WorkNotice status="404" title={t('details.offlineTitle')} text={t('details.offlineText')} dark={embedded} />
    ) : (
      <WorkNotice
        status="error"
        title={t('details.loadFailedTitle')}
        text={work.error.message || undefined}
        dark={embedded}
        action={
          <Button type="primary" onClick={() => void work.refetch()}>
            {t('details.retry')}
          </Button>
        }
      />
    );
    return (
      <div className={embedded ? 'details-embed details-embed--notice' : 'details-page'}>
        {!embedded && <DetailsTopBar />}
        <div className="details-notice">{notice}</div>
      </div>
    );
  }

  const detail = work.data;
  const area = viewerAreaFor(detail, tour, scene);
  // Embedded pages are for visitors: nobody measures inside someone's iframe.
  const owner = sessionUid !== '' && sessionUid === detail.owner.uid && !embedded;
  const stage = (
    <div className="details-stage">
      <WorkViewerArea
        area={area}
        work={detail}
        owner={owner}
        onRetry={() => void (detail.type === 'panorama' ? tour.refetch() : scene.refetch())}
        narration={narration.data ?? null}
        poster={serverPoster}
      />
    </div>
  );
  if (embedded) return <div className="details-embed">{stage}</div>;

  const views = viewsOf(detail);
  const coverVideo = detail.assets.find((asset) => asset.kind === 'coverVideo');
  return (
    <div className="details-page">
      <DetailsTopBar />
      {stage}
      <article className="details-body" aria-labelledby="details-title">
        {detail.status === 'unpublished' && (
          <Alert type="warning" showIcon className="details-body__offline" title={t('details.ownerOnly')} />
        )}
        <div className="details-heading">
          <h1 id="details-title" className="details-heading__title">
            {detail.name}
          </h1>
          {detail.status !== 'unpublished' && (
            <Button
              icon={<ShareAltOutlined />}
              onClick={() => {
                setSharing(true);
                setShareOpened(true);
              }}
              data-testid="details-share"
            >
              {t('details.share.button')}
            </Button>
          )}
        </div>
        <div className="details-meta">
          <span className="details-meta__byline">
            <Link to={`/userWork/${encodeURIComponent(detail.owner.uid)}`} className="details-meta__author" data-testid="details-author">
              <UserAvatar src={detail.owner.avatarUrl} name={displayPersonName(detail.owner.name, t)} size={36} />
              <span>{displayPersonName(detail.owner.name, t)}</span>
            </Link>
            <IdentityBadges identities={detail.owner.identities} />
          </span>
          {views !== null && (
            <span className="details-meta__views" data-testid="details-views">
              <EyeOutlined aria-hidden /> {t('details.views', { count: views, formatted: formatNumber(views) })}
            </span>
          )}
        </div>
        {(area.kind === 'model' || area.kind === 'pointcloud') && <WorkFacts scene={area.scene} />}
        <Suspense fallback={null}>
          {owner && detail.type !== 'panorama' && <OwnerDownloads work={detail} lasReady={area.kind === 'pointcloud'} />}
          {owner && area.kind === 'model' && <ModelOptimisation manifest={area.scene.manifest} />}
        </Suspense>
        {detail.tags.length > 0 && (
          <ul className="details-tags" aria-label={t('details.tags')}>
            {detail.tags.map((tag) => (
              <li key={tag}>
                <Tag>{tag}</Tag>
              </li>
            ))}
          </ul>
        )}
        <section className="details-section" aria-labelledby="details-description">
          <h2 id="details-description" className="details-section__title">
            {t('details.description')}
          </h2>
          <p className={detail.description ? 'details-description' : 'details-description details-description--empty'}>
            {detail.description || t('details.noDescription')}
          </p>
        </section>
        {coverVideo && (
          <section className="details-section" aria-labelledby="details-video">
            <h2 id="details-video" className="details-section__title">
              {t('details.coverVideo')}
            </h2>
            <video
              className="details-video"
              src={coverVideo.url}
              poster={detail.coverUrl || undefined}
              controls
              preload="metadata"
              playsInline
              data-testid="details-video"
            />
          </section>
        )}
      </article>
      {shareOpened && (
        <Suspense fallback={null}>
          <PublicShareDialog open={sharing} onClose={() => setSharing(false)} uid={detail.uid} name={detail.name} type={detail.type} />
        </Suspense>
      )}
    </div>
  );
}

/** No site header on this page (spec 2.1), so a slim bar: the brand (home) and the language. */
function DetailsTopBar() {
  return <BrandBar className="details-topbar" />;
}

/** The public page's open count, once the server sends it. */
function viewsOf(work: WorkDetail): number | null {
  return 'views' in work && typeof work.views === 'number' ? work.views : null;
}
