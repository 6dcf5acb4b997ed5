import { api } from '../../../api/client';
import { updateSessionUser } from '../../../stores/session-store';
import { useProfileChange } from './get-profile';

/** PATCH /client/{uid}/info with a form body (spec 7.3). */
export async function updateName(uid: string, fullName: string): Promise<void> {
  await api.patch('/client/{uid}/info', { params: { path: { uid } }, body: { fullName }, form: true });
  updateSessionUser({ name: fullName });
}

export function useUpdateName() {
  return useProfileChange(({ uid, fullName }: { uid: string; fullName: string }) => updateName(uid, fullName));
}
