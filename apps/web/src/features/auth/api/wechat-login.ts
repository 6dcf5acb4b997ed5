import { queryOptions, useMutation } from '@tanstack/react-query';
import type { WechatHandoffResult } from '@spatia/contract';
import { api, resolveBaseUrl } from '../../../api/client';
import { applyCodeLoginResult } from '../../../stores/session-store';
import { signInWithCode, type CodeProof } from './verification-code';
import { queryKeys } from '../../../api/query-keys';

/** Where the WeChat button sends the whole page: the server redirects on to the provider. */
export function wechatAuthorizeUrl(redirect: string): string {
  return `${resolveBaseUrl({})}/open/wechat/authorize?redirect=${encodeURIComponent(redirect)}`;
}

/** POST /open/wechat/complete: trades the handoff from the provider's return for a sign-in or a binding ticket. */
export async function completeWechatLogin(handoff: string): Promise<WechatHandoffResult> {
  const result = await api.post('/open/wechat/complete', { body: { handoff } });
  if (result.bound) applyCodeLoginResult(result.login);
  return result;
}

/** A query keyed by the handoff, so that it is traded once however often the page mounts. */
export const wechatHandoffQueryOptions = (handoff: string) =>
  queryOptions({
    queryKey: queryKeys.auth.wechatHandoff(handoff),
    queryFn: () => completeWechatLogin(handoff),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export interface BindWechatInput extends CodeProof {
  phoneNumber: string;
  unionId: string;
}

/** POST /open/user/bindWechat: the phone every account needs (spec 1, 5); signs in. */
export const bindWechat = (input: BindWechatInput) => signInWithCode(api.post('/open/user/bindWechat', { body: input }));

export function useBindWechat() {
  return useMutation({ mutationFn: bindWechat });
}
