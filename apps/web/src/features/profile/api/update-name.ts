import { formBody, request } from '../../../api/client';
import { updateSessionUser } from '../../../stores/session-store';
import { useProfileChange } from './get-profile';

/** PATCH /client/{uid}/info with a form body (spec 7.3). */
export async function updateName(uid: string, fullName: string): Promise<void> {
  await request<unknown>({
    url: `/client/${encodeURIComponent(uid)}/info`,
    method: 'PATCH',
    data: formBody({ fullName }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  updateSessionUser({ name: fullName });
}

export function useUpdateName() {
  return useProfileChange(({ uid, fullName }: { uid: string; fullName: string }) => updateName(uid, fullName));
}
