import type { WechatPayerCompletion } from '@spatia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { completeWechatAuthorization, mobilePayKeys, startWechatAuthorization, useWechatPayer } from '../api/mobile-pay';

/** Where the payer's openid stands for paying by JSAPI inside WeChat (docs/mobile-pay.md "The payer's openid"). */
export type WechatOpenIdState =
  /** Not asked for: outside WeChat, nothing to pay, or the site offers no JSAPI (no official account configured). */
  | { step: 'off' }
  /** Asking our server, finishing WeChat's return, or on the way to WeChat's authorize page. */
  | { step: 'checking' }
  /** WeChat told the server the payer's openid: JSAPI can be offered. */
  | { step: 'ready' }
  | { step: 'failed'; message: string; retry: () => void };

interface WechatOpenIdOptions {
  /** Inside WeChat, the site takes WeChat Pay, and there is something to pay. */
  wanted: boolean;
  /** What WeChat appended to the pay page's address on the way back (`state`, and `code` unless refused). */
  returned: WechatPayerCompletion | undefined;
  /** The pay page's own address without WeChat's additions: where WeChat sends the browser back to. */
  returnPath: string;
  /** Takes WeChat's additions off the address once they are used (a reload must not replay them). */
  onReturnHandled: () => void;
}

/**
 * Gets the payer's openid by the official account's silent authorization: without one the browser goes to
 * WeChat once (and comes straight back); back from WeChat, the server checks the state and trades the code.
 * A failure stays on the page with the server's words and a way to try again; it never sends the browser
 * to WeChat again by itself.
 */
export function useWechatOpenId({ wanted, returned, returnPath, onReturnHandled }: WechatOpenIdOptions): WechatOpenIdState {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const payer = useWechatPayer(wanted);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** Set once this page went to WeChat or handled its return: from then on only the person's press goes again. */
  const acted = useRef(false);
  const messageOf = useCallback(
    (error: unknown) => (error instanceof ApiError && error.message ? error.message : t('mobilePay.wechat.failed')),
    [t],
  );

  const goToWechat = useCallback(async () => {
    acted.current = true;
    setFailure(undefined);
    setBusy(true);
    try {
      window.location.assign((await startWechatAuthorization(returnPath)).url);
    } catch (error) {
      setBusy(false);
      setFailure(messageOf(error));
    }
  }, [returnPath, messageOf]);

  useEffect(() => {
    if (!wanted || !returned || acted.current) return;
    acted.current = true;
    setBusy(true);
    completeWechatAuthorization(returned)
      .then(async (answer) => {
        // A read that left before the server kept the openid must not overwrite its answer.
        await queryClient.cancelQueries({ queryKey: mobilePayKeys.wechatPayer });
        queryClient.setQueryData(mobilePayKeys.wechatPayer, answer);
      })
      .catch((error: unknown) => setFailure(messageOf(error)))
      .finally(() => {
        setBusy(false);
        onReturnHandled();
      });
  }, [wanted, returned, queryClient, messageOf, onReturnHandled]);

  const needsOpenId = payer.data?.jsapi === true && !payer.data.openIdKnown;
  useEffect(() => {
    if (wanted && !returned && !acted.current && needsOpenId) void goToWechat();
  }, [wanted, returned, needsOpenId, goToWechat]);

  if (!wanted) return { step: 'off' };
  if (failure) return { step: 'failed', message: failure, retry: () => void goToWechat() };
  if (busy || (returned && !acted.current) || payer.isPending) return { step: 'checking' };
  if (payer.isError) return { step: 'failed', message: messageOf(payer.error), retry: () => void payer.refetch() };
  if (!payer.data.jsapi) return { step: 'off' };
  return payer.data.openIdKnown ? { step: 'ready' } : { step: 'checking' };
}
