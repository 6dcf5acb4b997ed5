import type { TFunction } from 'i18next';
import type { UploadRejectedError } from '../api/upload';

export const IMAGE_INPUT_ACCEPT = 'image/png,image/jpeg,image/webp';

export function uploadRejectionMessage(t: TFunction, error: UploadRejectedError): string {
  return error.reason === 'tooLarge' ? t('profile.upload.tooLarge') : t('profile.upload.wrongType');
}
