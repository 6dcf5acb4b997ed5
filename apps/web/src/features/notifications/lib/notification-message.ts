import type { Language, NotificationItem, NotificationKind } from '@spatia/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';

type Params = NotificationItem['params'];

/** Params that hold a time (epoch ms) and are shown as a day. */
const DAY_PARAMS = new Set(['endsAt', 'graceEndsAt']);
/** Params that hold a time (epoch ms) and are shown to the minute. */
const MINUTE_PARAMS = new Set(['usableAt']);
/** Params that hold money in fen. */
const MONEY_PARAMS = new Set(['price', 'balance', 'debt', 'income', 'toProvider']);
/** Params that hold a person's name. */
const PERSON_PARAMS = new Set(['sender', 'receiver']);

/** The param a kind's message counts, so the message takes its plural form ("1 month", "3 months"). */
const COUNTED_PARAM: Partial<Record<NotificationKind, string>> = {
  rechargePaid: 'months',
  membershipEndingSoon: 'days',
  membershipRenewed: 'months',
};

/** A kind whose message has variants (`kind_context`), and the variant its params ask for. */
const CONTEXT_OF: Partial<Record<NotificationKind, (params: Params) => string | undefined>> = {
  membershipEndingSoon: (params) => (params.kind === 'trial' ? 'trial' : undefined),
  membershipRenewed: (params) => (String(params.automatic) === 'true' || params.automatic === 1 ? 'auto' : undefined),
  membershipRenewalFailed: (params) => (params.reason === 'debt' ? 'debt' : undefined),
  transferPaymentKept: (params) => (params.reason === 'balance' || params.reason === 'debt' ? String(params.reason) : undefined),
  marketPurchased: (params) => (params.licence === 'copy' ? 'copy' : undefined),
  marketPurchaseRefunded: (params) => (Number(params.toProvider) > 0 ? 'provider' : undefined),
  serviceOrderPaid: (params) => (params.part === 'rest' ? 'rest' : undefined),
  serviceOrderPaymentKept: (params) =>
    params.reason === 'paid' || params.reason === 'coupon' || params.reason === 'balance' ? String(params.reason) : undefined,
};

/**
 * The values a kind's message names, ready for the reader: a pair `nameZh`/`nameEn` becomes `name` in
 * the reader's language, money in fen becomes yuan, days are dates, a person's name is shown as names
 * are everywhere (the registration default in the reader's language), and an empty reason says so.
 */
export function messageValues(params: Params, language: Language, t: TFunction): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    values[key] = value;
    if (DAY_PARAMS.has(key) && typeof value === 'number') values[key] = formatDate(value, 'YYYY-MM-DD');
    if (MINUTE_PARAMS.has(key) && typeof value === 'number') values[key] = formatDate(value, 'YYYY-MM-DD HH:mm');
    if (MONEY_PARAMS.has(key) && typeof value === 'number') values[key] = formatYuan(value);
    if (PERSON_PARAMS.has(key) && typeof value === 'string') values[key] = displayPersonName(value, t, language);
  }
  for (const [key, value] of Object.entries(params)) {
    const pair = /^(.+)(Zh|En)$/.exec(key);
    if (!pair) continue;
    const [, base = '', suffix] = pair;
    if (suffix === (language === 'zh' ? 'Zh' : 'En') || values[base] === undefined) values[base] = String(value);
  }
  if ('reason' in params && !String(params.reason).trim()) values.reason = t('notifications.noReason');
  return values;
}

/** A notice as one sentence in the reader's language; a kind this build does not know gets a plain fallback. */
export function notificationMessage(item: Pick<NotificationItem, 'kind' | 'params'>, language: Language, t: TFunction): string {
  const key = `notifications.kinds.${item.kind}`;
  // A refund that left a debt says so (docs/refunds.md).
  const context =
    CONTEXT_OF[item.kind]?.(item.params) ??
    (item.params.transferKind === 'sale' ? 'sale' : Number(item.params.debt) > 0 ? 'debt' : undefined);
  const counted = COUNTED_PARAM[item.kind];
  const count = counted === undefined ? undefined : Number(item.params[counted]);
  return t(key, { ...messageValues(item.params, language, t), context, count, defaultValue: t('notifications.unknownKind') });
}
