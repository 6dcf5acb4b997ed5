import { BUSINESS_CARD_MAX_BYTES, type IdentityRecord } from '@spatia/contract';
import { request } from '../../../api/client';
import { useIdentityChange } from './identity-kinds';

/** What the business card upload takes: PNG, JPEG or WebP (the server reads the bytes to be sure). */
export const BUSINESS_CARD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export { BUSINESS_CARD_MAX_BYTES };

/** POST /c/uploadBusinessCard (multipart `file`): answers a link to the stored card that opens for an hour. */
export async function uploadBusinessCard(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { url } = await request<{ url: string }>({
    url: '/c/uploadBusinessCard',
    method: 'POST',
    data: body,
    // A phone photo on a slow line takes longer than the usual 20 s.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
  return url;
}

/** POST /c/applyIdentity/{id} with `jsonExtras`: the business card link and the kind's fields. */
export function applyIdentity({ identityId, extras }: { identityId: number; extras: Record<string, string> }): Promise<IdentityRecord> {
  return request<IdentityRecord>({ url: `/c/applyIdentity/${identityId}`, method: 'POST', data: { jsonExtras: JSON.stringify(extras) } });
}

/** DELETE /c/authRecord/{id}: withdraws a pending record or gives up an approved one. */
export function withdrawIdentityRecord(recordId: number): Promise<IdentityRecord> {
  return request<IdentityRecord>({ url: `/c/authRecord/${recordId}`, method: 'DELETE' });
}

export const useApplyIdentity = () => useIdentityChange(applyIdentity);
export const useWithdrawIdentityRecord = () => useIdentityChange(withdrawIdentityRecord);
