import type { UserInfo } from '@spatia/contract';
import { applyUserInfo, sessionStore } from '../../../stores/session-store';
import { getUserInfo } from './get-user-info';

/** Raised when user info comes back empty (spec 4: 'Verification failed, please Login again.'). */
export class EmptyUserInfoError extends Error {
  constructor() {
    super('empty user info');
    this.name = 'EmptyUserInfoError';
  }
}

const inFlight = new Map<string, Promise<UserInfo>>();

/** Fetches the user info once per token, however many navigations ask for it at the same time. */
export function loadSessionUser(token: string): Promise<UserInfo> {
  const pending = inFlight.get(token);
  if (pending) return pending;
  const promise = (async () => {
    const { uid } = sessionStore.get();
    const info = uid ? await getUserInfo(uid) : null;
    if (!info || !info.uid) throw new EmptyUserInfoError();
    applyUserInfo(info, token);
    return info;
  })().finally(() => inFlight.delete(token));
  inFlight.set(token, promise);
  return promise;
}
