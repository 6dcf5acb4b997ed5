import type { Language } from './api.js';
import generalErrors from './general.errors.json' with { type: 'json' };

/**
 * Errors of the API envelope. `code` is stable: it is what clients branch on; `status` is the HTTP status
 * the failure travels with; `zh` and `en` are the message (`{name}` marks a parameter, `{name:one|other}`
 * the English words that follow a number). Each domain's errors are data, in `<domain>.errors.json` next to
 * its contract file, which exports them through `defineErrors`; the server finds every catalogue among the
 * contract's exports. docs/errors.md lists them.
 */
export type ErrorDeclaration = { readonly code: number; readonly status: number } & { readonly [L in Language]: string };

/** Marks an object as a catalogue of errors (a non-enumerable property: listing its errors skips it). */
export const errorCatalogue: unique symbol = Symbol.for('@spatia/contract/error-catalogue');

export type ErrorCatalogue<Errors extends Record<string, ErrorDeclaration> = Record<string, ErrorDeclaration>> = Errors & {
  readonly [errorCatalogue]: true;
};

/**
 * The errors of a domain, declared once: `defineErrors(json)` where the JSON reads
 * `{ "name": { "code", "status", "zh", "en" }, … }`; checked and frozen here. Free of side effects for
 * bundlers, so that the web app ships only the catalogues it reads.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineErrors<const Errors extends Record<string, ErrorDeclaration>>(errors: Errors): ErrorCatalogue<Errors> {
  for (const [name, error] of Object.entries(errors)) {
    if (!Number.isInteger(error.code) || error.code < 0) throw new Error(`error ${name}: code ${error.code} is not a whole number`);
    if (!Number.isInteger(error.status) || error.status < 200 || error.status > 599) {
      throw new Error(`error ${name}: status ${error.status} is not an HTTP status`);
    }
    if (!error.zh.trim() || !error.en.trim()) throw new Error(`error ${name}: a message is empty`);
    Object.freeze(error);
  }
  Object.defineProperty(errors, errorCatalogue, { value: true });
  return Object.freeze(errors) as ErrorCatalogue<Errors>;
}

export function isErrorCatalogue(value: unknown): value is ErrorCatalogue {
  return typeof value === 'object' && value !== null && (value as Partial<ErrorCatalogue>)[errorCatalogue] === true;
}

/** Each error's code by its name, e.g. `codesOf(WithdrawalErrors).withdrawalBelowMinimum` (1620). */
export function codesOf<const Errors extends Record<string, ErrorDeclaration>>(
  catalogue: ErrorCatalogue<Errors>,
): { readonly [Name in keyof Errors]: Errors[Name]['code'] } {
  return Object.freeze(Object.fromEntries(Object.entries(catalogue).map(([name, error]) => [name, error.code]))) as never;
}

/** The names of every error in the catalogues among a module's exports (`typeof import('@spatia/contract')`). */
export type ErrorNameOf<Exports> = {
  [Export in keyof Exports]: Exports[Export] extends { readonly [errorCatalogue]: true }
    ? Exclude<keyof Exports[Export], typeof errorCatalogue> & string
    : never;
}[keyof Exports];

/** One error as the server knows it: its declaration, its name and the export that declares it. */
export interface CollectedError extends ErrorDeclaration {
  readonly name: string;
  readonly catalogue: string;
}

/**
 * Every error of every catalogue among `exports` (a module namespace: `import * as contract`), by name.
 * Refuses two errors with one name or one code, naming both.
 */
export function collectErrors<Exports extends object>(exports: Exports): Readonly<Record<ErrorNameOf<Exports>, CollectedError>> {
  const byName = new Map<string, CollectedError>();
  const byCode = new Map<number, CollectedError>();
  const seen = new Set<object>();
  for (const [catalogue, value] of Object.entries(exports)) {
    if (!isErrorCatalogue(value) || seen.has(value)) continue;
    seen.add(value);
    for (const [name, declaration] of Object.entries(value)) {
      const error: CollectedError = { ...declaration, name, catalogue };
      const sameName = byName.get(name);
      if (sameName) throw new Error(`error ${name} is declared twice: in ${sameName.catalogue} and in ${catalogue}`);
      const sameCode = byCode.get(error.code);
      if (sameCode) {
        throw new Error(`error code ${error.code} is declared twice: ${sameCode.name} (${sameCode.catalogue}) and ${name} (${catalogue})`);
      }
      byName.set(name, error);
      byCode.set(error.code, error);
    }
  }
  return Object.freeze(Object.fromEntries(byName)) as Record<ErrorNameOf<Exports>, CollectedError>;
}

/**
 * The errors any part of the API may answer with: the transport's own failures, validation, rate limits
 * and `Idempotency-Key` reuse (lib/idempotency.ts). A domain's errors are in its own file.
 */
export const GeneralErrors = defineErrors(generalErrors);

/** The general errors' codes by name. A domain's codes: `WithdrawalErrors.withdrawalBelowMinimum.code`. */
export const ErrorCode = codesOf(GeneralErrors);
