import type { UserInfo } from '@spatia/contract';
import { api } from '../../../api/client';

/** GET /client/{uid}/info. Silent: the navigation guard reports failures itself (spec 4). */
export function getUserInfo(uid: string): Promise<UserInfo | null | undefined> {
  return api.get('/client/{uid}/info', { params: { path: { uid } }, silent: true });
}
