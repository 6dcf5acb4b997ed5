import { withRefreshStamp } from '../../../lib/format';
import { updateSessionUser } from '../../../stores/session-store';
import { useProfileChange } from './get-profile';
import type { UploadGrant } from './types';
import { getAvatarUploadGrant, uploadWithGrant } from './upload';

export interface ChangeAvatarInput {
  uid: string;
  /** Produces the cropped image in a type the grant accepts. */
  render: (grant: UploadGrant) => Promise<Blob>;
  onProgress?: (percent: number) => void;
}

/** Credentials, then the PUT; the server sets the avatar itself. The top bar follows at once. */
export async function changeAvatar({ uid, render, onProgress }: ChangeAvatarInput): Promise<string> {
  const grant = await getAvatarUploadGrant(uid);
  const blob = await render(grant);
  const url = await uploadWithGrant(grant, blob, onProgress);
  updateSessionUser({ avatar: withRefreshStamp(url) });
  return url;
}

export function useChangeAvatar() {
  return useProfileChange(changeAvatar);
}
