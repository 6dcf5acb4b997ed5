import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PayoutAccount, PayoutChannel, Withdrawal, WithdrawalOptions, WithdrawalStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** Every withdrawal query starts with this key. */
export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;
/** What a withdrawal changes elsewhere: the overview's income and the bell. Named here, not imported (a feature never imports another). */
const AFFECTED_QUERY_KEYS = [['overview'], ['notifications']] as const;

/** GET /c/withdraw/options: what I can withdraw, the limits, the payout methods and my bound accounts. */
export function getWithdrawalOptions(): Promise<WithdrawalOptions> {
  return request<WithdrawalOptions>({ url: '/c/withdraw/options' });
}

export function useWithdrawalOptions() {
  return useQuery({ queryKey: [...WITHDRAWALS_QUERY_KEY, 'options'], queryFn: getWithdrawalOptions });
}

function useWithdrawalChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(mutationFn, [WITHDRAWALS_QUERY_KEY, ...AFFECTED_QUERY_KEYS]);
}

/** A page's refetch interval: every `intervalMs` while a withdrawal on it is approved or being paid, else none. */
export function refetchWhilePaying(intervalMs: number) {
  return (query: { state: { data?: Page<Pick<Withdrawal, 'status'>> } }) =>
    query.state.data?.list.some((item) => item.status === 'approved' || item.status === 'paying') ? intervalMs : false;
}

export interface BindAccountInput {
  channel: PayoutChannel;
  account: string;
  realName: string;
}

/** PUT /c/withdraw/accounts/{channel}: binds the method's account, replacing the one bound before. */
export function bindPayoutAccount({ channel, ...body }: BindAccountInput): Promise<PayoutAccount> {
  return request<PayoutAccount>({ url: `/c/withdraw/accounts/${channel}`, method: 'PUT', data: body });
}

export function unbindPayoutAccount(channel: PayoutChannel): Promise<PayoutAccount[]> {
  return request<PayoutAccount[]>({ url: `/c/withdraw/accounts/${channel}`, method: 'DELETE' });
}

export const useBindPayoutAccount = () => useWithdrawalChange(bindPayoutAccount);
export const useUnbindPayoutAccount = () => useWithdrawalChange(unbindPayoutAccount);

export interface WithdrawInput {
  /** In fen. */
  amount: number;
  channel: PayoutChannel;
  /** One per confirmed request: a retried call answers the same withdrawal. */
  idempotencyKey: string;
}

/** POST /c/withdraw: the withdrawal, waiting for review. */
export function requestWithdrawal({ idempotencyKey, ...body }: WithdrawInput): Promise<Withdrawal> {
  return request<Withdrawal>({ url: '/c/withdraw', method: 'POST', data: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const useRequestWithdrawal = () => useWithdrawalChange(requestWithdrawal);

export interface RecordsParams extends PageParams {
  status?: WithdrawalStatus;
}

/** GET /c/withdraw/records: my withdrawals, newest first. */
export function getWithdrawalRecords(params: RecordsParams): Promise<Page<Withdrawal>> {
  return request<Page<Withdrawal>>({ url: '/c/withdraw/records', params });
}

/** Refreshes itself every 10 s while a withdrawal on the page is still on its way. */
export function useWithdrawalRecords(params: RecordsParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'records', params, i18n.language],
    queryFn: () => getWithdrawalRecords(params),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhilePaying(10_000),
  });
}
