import type { MembershipAutoRenewRequest, MembershipItem, MembershipRenewal, MembershipRenewalRequest } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/**
 * What a renewal changes: my membership (its end, its payments), the balance shown elsewhere, the order
 * lists and the bell's notice. Named here, not imported (a feature never imports another).
 */
export const RENEWAL_QUERY_KEYS = [
  queryKeys.membership.mine(),
  queryKeys.overview,
  queryKeys.recharge.options(),
  queryKeys.orders,
  queryKeys.notifications.all,
];

export interface RenewalInput extends MembershipRenewalRequest {
  /** One per purchase (src/lib/purchase-key.ts): a request retried after a lost answer pays once. */
  idempotencyKey: string;
}

/**
 * POST /c/membership/renew: from the balance, the membership renewed at once (`order` null); by a provider,
 * the payment order whose QR code pays it (the server renews once it is paid).
 */
export function renewMembership({ idempotencyKey, ...body }: RenewalInput): Promise<MembershipRenewal> {
  return api.post('/c/membership/renew', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useRenewMembership() {
  return useRefreshingMutation(renewMembership, RENEWAL_QUERY_KEYS);
}

/** PUT /c/membership/autoRenew: renew one month from the balance by itself at each period's end, or not. */
export function setAutoRenew(body: MembershipAutoRenewRequest): Promise<MembershipItem> {
  return api.put('/c/membership/autoRenew', { body });
}

export function useSetAutoRenew() {
  return useRefreshingMutation(setAutoRenew, [queryKeys.membership.mine()]);
}
