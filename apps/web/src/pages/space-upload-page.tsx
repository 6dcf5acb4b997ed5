import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { assetRule } from '@spatia/contract';
import { MobileScreen, useSignInFirst } from '../features/mobile-shell';
import { SpaceUploadPanel, type PanoramaUploadTools } from '../features/space-upload';
import { useWorkUploads } from '../features/uploads';
import { useWorkProcessing, workPaths } from '../features/works';

/** The console's resumable upload queue and processing poll, for the phone's upload panel. */
const tools: PanoramaUploadTools = {
  useWorkUploads,
  useWorkProcessing,
  originMaxBytes: assetRule('origin', 'panorama').maxBytes,
  workPath: workPaths.publicPage,
};

/** /space/upload?space=<space uid> (spec 2.5): panoramas from the phone's camera or gallery (docs/space-upload.md). */
export default function SpaceUploadPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signIn = useSignInFirst();
  const spaceUid = params.get('space')?.trim() || null;
  return (
    <MobileScreen title={t('spaceUpload.title')} back={spaceUid ? `/spaceDetail?uid=${encodeURIComponent(spaceUid)}` : '/mobile/home'}>
      <SpaceUploadPanel spaceUid={spaceUid} onSignIn={signIn} tools={tools} />
    </MobileScreen>
  );
}
