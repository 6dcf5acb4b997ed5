import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../api/client';
import { loginPathFor } from '../app/navigation-rules';
import { ListingOverview, useListing } from '../features/market';
import { MarketTopBar } from './market/market-top-bar';
import { usePublicTour, useWorkScene, viewerAreaFor, WorkFacts, WorkNotice, WorkViewerArea } from '../features/public-work';
import './details/details-page.css';

/**
 * /marketDetails/{id} (open): a listing on the market. The work in its viewer, as its public page shows it,
 * then its name, seller, description, and the price with the licence and Buy (docs/market.md).
 */
export default function MarketDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const listingId = /^\d+$/.test(id) ? Number(id) : 0;
  const listing = useListing(listingId, i18n.language);
  const detail = listing.data?.detail;
  const uid = detail?.uid ?? '';
  const tour = usePublicTour(uid, detail?.type === 'panorama');
  const scene = useWorkScene(uid, detail !== undefined && detail.type !== 'panorama');

  if (listingId === 0 || listing.isError) {
    const missing = listingId === 0 || (listing.error instanceof ApiError && listing.error.status === 404);
    return (
      <div className="market-page">
        <MarketTopBar />
        <div className="details-notice">
          {missing ? (
            <WorkNotice status="404" title={t('market.detail.missingTitle')} text={t('market.detail.missingText')} />
          ) : (
            <WorkNotice
              status="error"
              title={t('market.detail.loadFailed')}
              text={listing.error?.message || undefined}
              action={
                <Button type="primary" onClick={() => void listing.refetch()}>
                  {t('common.actions.retry')}
                </Button>
              }
            />
          )}
        </div>
      </div>
    );
  }

  if (!listing.data || !detail) {
    return (
      <div className="market-page" aria-busy="true">
        <MarketTopBar />
        <div className="details-stage details-stage--loading market-stage" />
        <div className="market-detail">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      </div>
    );
  }

  const area = viewerAreaFor(detail, tour, scene);
  return (
    <div className="market-page">
      <MarketTopBar />
      <div className="details-stage market-stage">
        <WorkViewerArea
          area={area}
          work={detail}
          // The seller measures on the work's own page; here everyone looks.
          owner={false}
          onRetry={() => void (detail.type === 'panorama' ? tour.refetch() : scene.refetch())}
        />
      </div>
      <ListingOverview
        listing={listing.data}
        loginPath={loginPathFor(`/marketDetails/${listingId}`)}
        facts={area.kind === 'model' || area.kind === 'pointcloud' ? <WorkFacts scene={area.scene} /> : undefined}
      />
    </div>
  );
}
