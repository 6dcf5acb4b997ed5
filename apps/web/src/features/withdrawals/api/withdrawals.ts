import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AlipayAuthorizationStart,
  IssuedVerificationCode,
  Page,
  PayoutAccount,
  PayoutChannel,
  StepUpProof,
  Withdrawal,
  WithdrawalOptions,
  WithdrawalStatus,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { queryKeys } from '../../../api/query-keys';

/** What a withdrawal changes elsewhere: the overview's income and the bell. Named here, not imported (a feature never imports another). */
const AFFECTED_QUERY_KEYS = [queryKeys.overview, queryKeys.notifications.all];

/** GET /c/withdraw/options: what I can withdraw, the limits, the payout methods and my bound accounts. */
export function getWithdrawalOptions(): Promise<WithdrawalOptions> {
  return api.get('/c/withdraw/options');
}

export function useWithdrawalOptions() {
  return useQuery({ queryKey: queryKeys.withdrawals.options(), queryFn: getWithdrawalOptions });
}

function useWithdrawalChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(mutationFn, [queryKeys.withdrawals.all, ...AFFECTED_QUERY_KEYS]);
}

/** A page's refetch interval: every `intervalMs` while a withdrawal on it is approved or being paid, else none. */
export function refetchWhilePaying(intervalMs: number) {
  return (query: { state: { data?: Page<Pick<Withdrawal, 'status'>> } }) =>
    query.state.data?.list.some((item) => item.status === 'approved' || item.status === 'paying') ? intervalMs : false;
}

/** GET /c/withdraw/verifyCode: a code sent to my own phone, the proof binding and withdrawing take. */
export function sendWithdrawalCode(): Promise<IssuedVerificationCode> {
  return api.get('/c/withdraw/verifyCode');
}

export interface BindAccountInput extends StepUpProof {
  channel: PayoutChannel;
  account: string;
  realName: string;
}

/** PUT /c/withdraw/accounts/{channel}: binds the method's account, replacing the one bound before. */
export function bindPayoutAccount({ channel, ...body }: BindAccountInput): Promise<PayoutAccount> {
  return api.put('/c/withdraw/accounts/{channel}', { params: { path: { channel } }, body });
}

export function unbindPayoutAccount(channel: PayoutChannel): Promise<PayoutAccount[]> {
  return api.delete('/c/withdraw/accounts/{channel}', { params: { path: { channel } } });
}

export const useBindPayoutAccount = () => useWithdrawalChange(bindPayoutAccount);
export const useUnbindPayoutAccount = () => useWithdrawalChange(unbindPayoutAccount);

export interface WithdrawInput extends StepUpProof {
  /** In fen. */
  amount: number;
  channel: PayoutChannel;
  /** One per confirmed request: a retried call answers the same withdrawal. */
  idempotencyKey: string;
}

/** POST /c/withdraw: the withdrawal, waiting for review. */
export function requestWithdrawal({ idempotencyKey, ...body }: WithdrawInput): Promise<Withdrawal> {
  return api.post('/c/withdraw', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const useRequestWithdrawal = () => useWithdrawalChange(requestWithdrawal);

export interface RecordsParams extends PageParams {
  status?: WithdrawalStatus;
}

/** GET /c/withdraw/records: my withdrawals, newest first. */
export function getWithdrawalRecords(params: RecordsParams): Promise<Page<Withdrawal>> {
  return api.get('/c/withdraw/records', { params: { query: params } });
}

/** Refreshes itself every 10 s while a withdrawal on the page is still on its way. */
export function useWithdrawalRecords(params: RecordsParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.withdrawals.records(params, i18n.language),
    queryFn: () => getWithdrawalRecords(params),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhilePaying(10_000),
  });
}

// ---- binding Alipay by authorization (docs/withdrawals.md "Binding Alipay by authorization") ----

export interface AlipayAuthorizationInput extends StepUpProof {
  realName: string;
}

/** POST /c/withdraw/alipay/authorization: where to send me to approve (Alipay's page, or the sandbox's). */
export function startAlipayAuthorization(body: AlipayAuthorizationInput): Promise<AlipayAuthorizationStart> {
  return api.post('/c/withdraw/alipay/authorization', { body });
}

export const useStartAlipayAuthorization = () => useMutation({ mutationFn: startAlipayAuthorization });

/** POST /c/withdraw/alipay/authorization/complete: the account bound; the return page shows refusals itself. */
export function completeAlipayAuthorization(body: { authCode: string; state: string }): Promise<PayoutAccount> {
  return api.post('/c/withdraw/alipay/authorization/complete', { body, silent: true });
}

export const useCompleteAlipayAuthorization = () => useWithdrawalChange(completeAlipayAuthorization);
