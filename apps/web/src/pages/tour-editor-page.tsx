import { Button, Result } from 'antd';
import { ErrorCode, ProcessingErrors, TourErrors } from '@spatia/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useWork } from '../api/get-work';
import { HOME_AFTER_LOGIN } from '../app/home-path';
import { PageLoading } from '../components/page-loading';
import { TourEditor, type TourMusicAsset, useTour } from '../features/tours';
import { UploadDrawer, type UploadTarget } from '../features/uploads';

/**
 * The tour editor of one work (`/model/tour/:id`): the tour from the tours feature, the work's music
 * files and the upload drawer (to add music) from the uploads feature.
 */
export default function TourEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const uid = useParams().id ?? '';
  const tour = useTour(uid);
  const work = useWork(uid);
  const [uploading, setUploading] = useState<UploadTarget | null>(null);
  const musicAssets = useMemo<TourMusicAsset[]>(
    () => (work.data?.assets ?? []).filter((asset) => asset.kind === 'music').map(({ id, url, fileName }) => ({ id, url, fileName })),
    [work.data],
  );
  const back = () => void navigate(HOME_AFTER_LOGIN);

  // The editor starts from a tour read now, not one cached from an earlier visit (a run may have changed it).
  const freshTour = tour.isFetchedAfterMount || !tour.isFetching;
  if (tour.isPending || !freshTour || (work.isPending && !work.isError)) return <PageLoading fullScreen />;
  if (tour.isError) {
    const code = tour.error instanceof ApiError ? tour.error.code : undefined;
    const notProcessed = code === ProcessingErrors.workNotProcessed.code || code === TourErrors.notAPanorama.code;
    return (
      <Result
        status={notProcessed ? 'info' : code === ErrorCode.notFound ? '404' : 'warning'}
        title={notProcessed ? t('tours.notProcessed') : code === ErrorCode.notFound ? t('tours.notFound') : t('tours.loadFailed')}
        subTitle={notProcessed ? t('tours.notProcessedHint') : tour.error.message || undefined}
        extra={
          <Button type="primary" onClick={back}>
            {t('tours.back')}
          </Button>
        }
        data-testid="tour-load-error"
      />
    );
  }

  const name = work.data?.name ?? tour.data.name;
  return (
    <>
      <TourEditor
        uid={uid}
        workName={name}
        tour={tour.data}
        musicAssets={musicAssets}
        onBack={back}
        onUploadMusic={work.data ? () => setUploading({ uid, type: work.data.type, name }) : undefined}
      />
      <UploadDrawer target={uploading} onClose={() => setUploading(null)} onUploaded={() => undefined} />
    </>
  );
}
