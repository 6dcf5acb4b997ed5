import type { IdentityField, IdentityKindDetail, IdentityRecordStatus } from '@spatia/contract';

/** What the card shows for a kind: no record yet, or the state of my latest one. */
export type IdentityState = 'none' | IdentityRecordStatus;

export function stateOf(kind: Pick<IdentityKindDetail, 'record'>): IdentityState {
  return kind.record?.status ?? 'none';
}

/** Apply when there is nothing open: no record, or the last one was rejected or withdrawn. */
export function canApply(state: IdentityState): boolean {
  return state === 'none' || state === 'rejected' || state === 'revoked';
}

/** `jsonExtras` of an application: the card link and the kind's fields that have a value, trimmed. */
export function toJsonExtras(
  fields: readonly IdentityField[],
  values: Partial<Record<string, string | undefined>>,
  businessCardUrl: string,
): Record<string, string> {
  const extras: Record<string, string> = { businessCardUrl };
  for (const field of fields) {
    const value = values[field.name]?.trim();
    if (value) extras[field.name] = value;
  }
  return extras;
}
