import { MEMBERSHIP_UPLOAD_MAX_BYTES } from '@spatia/contract';
import { postImage } from '../../../api/post-image';

export const LICENCE_MAX_BYTES = MEMBERSHIP_UPLOAD_MAX_BYTES;

/** POST /c/upload (multipart `file`): answers `data.url`, a link to the stored image that opens for an hour. */
export function uploadLicenceImage(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/c/upload', file, onProgress);
}
