import type { UserInfo } from '@spatia/contract';
import { request } from '../../../api/client';

/** GET /client/{uid}/info. Silent: the navigation guard reports failures itself (spec 4). */
export function getUserInfo(uid: string): Promise<UserInfo | null | undefined> {
  return request<UserInfo | null | undefined>({ url: `/client/${encodeURIComponent(uid)}/info`, silent: true });
}
