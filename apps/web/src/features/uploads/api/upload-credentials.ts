import type { AssetKind, AssetUploadGrant } from '@spatia/contract';
import { api } from '../../../api/client';

/** The spec's four credential paths, one per asset kind, and ours for a tour's music. */
const CREDENTIAL_PATHS = {
  origin: '/model/{id}/origin/uploadCredentials',
  cover: '/model/{id}/uploadCredentials',
  slr: '/model/{id}/origin/SLR/uploadCredentials',
  coverVideo: '/model/{id}/coverVideo/uploadCredentials',
  music: '/model/{id}/music/uploadCredentials',
} as const satisfies Record<AssetKind, string>;

/**
 * A short-lived grant for one upload of one asset: the tus endpoint and the token to create the
 * upload with. Silent: the upload list shows the refusal on the file it belongs to.
 */
export function getUploadGrant(uid: string, kind: AssetKind): Promise<AssetUploadGrant> {
  return api.get(CREDENTIAL_PATHS[kind], { params: { path: { id: uid } }, silent: true });
}
