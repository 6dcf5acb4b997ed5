import type { AssetKind, AssetUploadGrant } from '@spatia/contract';
import { request } from '../../../api/client';

/** The spec's four credential paths, one per asset kind, and ours for a tour's music. */
const CREDENTIAL_PATHS: Record<AssetKind, string> = {
  origin: 'origin/uploadCredentials',
  cover: 'uploadCredentials',
  slr: 'origin/SLR/uploadCredentials',
  coverVideo: 'coverVideo/uploadCredentials',
  music: 'music/uploadCredentials',
};

/**
 * A short-lived grant for one upload of one asset: the tus endpoint and the token to create the
 * upload with. Silent: the upload list shows the refusal on the file it belongs to.
 */
export function getUploadGrant(uid: string, kind: AssetKind): Promise<AssetUploadGrant> {
  return request<AssetUploadGrant>({ url: `/model/${encodeURIComponent(uid)}/${CREDENTIAL_PATHS[kind]}`, silent: true });
}
