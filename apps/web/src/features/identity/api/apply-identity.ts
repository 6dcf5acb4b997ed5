import { BUSINESS_CARD_MAX_BYTES, type IdentityRecord } from '@spatia/contract';
import { api } from '../../../api/client';
import { postImage } from '../../../api/post-image';
import { useIdentityChange } from './identity-kinds';

export { BUSINESS_CARD_MAX_BYTES };

/** POST /c/uploadBusinessCard (multipart `file`): answers a link to the stored card that opens for an hour. */
export function uploadBusinessCard(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/c/uploadBusinessCard', file, onProgress);
}

/** POST /c/applyIdentity/{id} with `jsonExtras`: the business card link and the kind's fields. */
export function applyIdentity({ identityId, extras }: { identityId: number; extras: Record<string, string> }): Promise<IdentityRecord> {
  return api.post('/c/applyIdentity/{id}', { params: { path: { id: identityId } }, body: { jsonExtras: JSON.stringify(extras) } });
}

/** DELETE /c/authRecord/{id}: withdraws a pending record or gives up an approved one. */
export function withdrawIdentityRecord(recordId: number): Promise<IdentityRecord> {
  return api.delete('/c/authRecord/{id}', { params: { path: { id: recordId } } });
}

export const useApplyIdentity = () => useIdentityChange(applyIdentity);
export const useWithdrawIdentityRecord = () => useIdentityChange(withdrawIdentityRecord);
