import { IDENTITY_EXTRAS_MAX_LENGTH, isWebAddress, type IdentityField } from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';

/**
 * Plain text as people typed it, without markup: tags and stray angle brackets removed, control
 * characters and runs of white space turned into one space, the ends trimmed.
 */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[<>]/g, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

/**
 * Reads an application's `jsonExtras`: a JSON object of text values holding `businessCardUrl` and the
 * kind's fields (no others). Answers the card link and the cleaned fields that have a value; the first
 * problem found, in the form's order, is thrown as a validation error naming `jsonExtras.{field}`.
 */
export function readExtras(
  jsonExtras: string,
  fields: readonly IdentityField[],
): { businessCardUrl: string; extras: Record<string, string> } {
  if (jsonExtras.length > IDENTITY_EXTRAS_MAX_LENGTH) throw invalid('jsonExtras', 'maxLength', { limit: IDENTITY_EXTRAS_MAX_LENGTH });
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonExtras);
  } catch {
    throw fail('identityExtrasInvalid');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw fail('identityExtrasInvalid');
  const given = parsed as Record<string, unknown>;
  if (Object.values(given).some((value) => typeof value !== 'string')) throw fail('identityExtrasInvalid');
  const values = given as Record<string, string>;

  const known = new Set<string>(['businessCardUrl', ...fields.map((field) => field.name)]);
  const unknown = Object.keys(values).find((name) => !known.has(name));
  if (unknown !== undefined) throw invalid(`jsonExtras.${unknown}`, 'additionalProperties');

  const businessCardUrl = values.businessCardUrl?.trim() ?? '';
  if (!businessCardUrl) throw invalid('jsonExtras.businessCardUrl', 'required');

  const extras: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name] ?? '';
    const value = field.format === 'url' ? raw.trim() : plainText(raw);
    const name = `jsonExtras.${field.name}`;
    if (!value) {
      if (field.required) throw invalid(name, 'required');
      continue;
    }
    if (value.length > field.maxLength) throw invalid(name, 'maxLength', { limit: field.maxLength });
    if (field.format === 'url' && !isWebAddress(value)) throw invalid(name, 'format');
    extras[field.name] = value;
  }
  return { businessCardUrl, extras };
}
