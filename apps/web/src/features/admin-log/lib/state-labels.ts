import type { TFunction } from 'i18next';
import { formatDate, formatYuan } from '../../../lib/format';

/** Fields that hold money in fen. */
const MONEY_FIELDS = new Set(['amountFen', 'monthlyPriceFen', 'requestFenPer10k', 'gbFen', 'leaseMonthFen', 'lowBalanceFen', 'priceFen']);
/** Fields that hold a time (ISO text). */
const TIME_FIELDS = new Set(['endsAt']);
/** Fields whose values are codes, each with a label of its own (`adminLog.values.{field}.{code}`). */
export const CODED_FIELDS = ['status', 'kind', 'channel', 'roles', 'businessRoleCode', 'groupCodes', 'licence'] as const;
const CODED = new Set<string>(CODED_FIELDS);

function fieldOf(path: string): string {
  return path.split('.').at(-1) ?? '';
}

/** A recorded field as the reader says it: "Status", "User id"; nested ones as "Limits › Daily". */
export function fieldLabel(path: string, t: TFunction): string {
  if (path === '') return t('adminLog.fields.whole');
  return path
    .split('.')
    .map((segment) => t(`adminLog.fields.${segment}`, { defaultValue: segment }))
    .join(' › ');
}

/**
 * A recorded value as one line in the reader's language: codes by their label, money in yuan, times as
 * dates, yes and no, lists joined; what has no better form (a list of price tags) as JSON.
 */
export function formatStateValue(path: string, value: unknown, t: TFunction): string {
  const field = fieldOf(path);
  if (value === null || value === undefined) return t('adminLog.values.none');
  if (typeof value === 'boolean') return t(value ? 'adminLog.values.yes' : 'adminLog.values.no');
  if (value === '') return t('adminLog.values.empty');
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatYuan(value);
  if (typeof value === 'string' && TIME_FIELDS.has(field)) return formatDate(value) || value;
  if (typeof value === 'string' && CODED.has(field)) return t(`adminLog.values.${field}.${value}`, { defaultValue: value });
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    if (value.length === 0) return t('adminLog.values.empty');
    return value.map((item) => formatStateValue(path, item, t)).join(t('adminLog.values.separator'));
  }
  return JSON.stringify(value);
}
