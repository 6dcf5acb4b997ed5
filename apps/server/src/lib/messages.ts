import type { Language, ProcessingFailure, WorkStatus } from '@spatia/contract';
import { apiErrors, type ErrorName } from './app-error.js';
import messages from './messages.json' with { type: 'json' };

/*
 * What the server tells people, in both languages. The wording is data, in messages.json; this file
 * chooses and fills it. Every error's own message is declared with the error, in the contract's error
 * catalogues (lib/app-error.ts collects them). `{name}` marks a parameter; `{name:one|other}` the words
 * that follow a number in English, chosen by that number's plural form.
 */

/**
 * Messages sent with a general code rather than one of their own: the 404 of an unknown API path, and
 * the 400 of a body in a content type no parser takes.
 */
const uncodedMessages = messages.uncodedMessages;

for (const key of Object.keys(uncodedMessages)) {
  if (key in apiErrors) throw new Error(`message ${key} is also the name of an error: rename one`);
}

/** What a person may be told: an error's message, or one of `uncodedMessages`. */
export type MessageKey = ErrorName | keyof typeof uncodedMessages;

function templateOf(key: MessageKey): Record<Language, string> {
  return key in uncodedMessages ? uncodedMessages[key as keyof typeof uncodedMessages] : apiErrors[key as ErrorName];
}

/** How a single failed schema rule reads, after "Parameter {field}". */
const validationProblems = messages.validationProblems;

export type ValidationProblem = keyof typeof validationProblems;

const typeNames: Record<string, Record<Language, string>> = messages.typeNames;

export type MessageParams = Record<string, string | number>;

const workStatusNames: Record<WorkStatus, Record<Language, string>> = messages.workStatusNames;

/** What is wrong with a saved tour (code 1905); `{hotspot}` names the hotspot. */
const tourProblems = messages.tourProblems;

export type TourProblem = keyof typeof tourProblems;

/** What is wrong with a saved measurement (code 1908); `{label}` names it. */
const measurementProblems = messages.measurementProblems;

export type MeasurementProblem = keyof typeof measurementProblems;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const { status, problem } = params;
  const localized = { ...params };
  if (typeof status === 'string' && status in workStatusNames) localized.status = workStatusNames[status as WorkStatus][language];
  if (typeof problem === 'string' && problem in tourProblems)
    localized.problem = interpolate(tourProblems[problem as TourProblem][language], params);
  if (typeof problem === 'string' && key === 'measurementsInvalid' && problem in measurementProblems)
    localized.problem = measurementProblems[problem as MeasurementProblem][language];
  if (typeof params.seconds === 'number') localized.wait = describeWait(params.seconds, language);
  return interpolate(templateOf(key)[language], localized);
}

/** `{wait}` of a message with `{seconds}`: "45 秒" / "45 s" under two minutes, else whole minutes rounded up. */
export function describeWait(seconds: number, language: Language): string {
  if (seconds < 120) return language === 'zh' ? `${seconds} 秒` : `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return language === 'zh' ? `${minutes} 分钟` : `${minutes} min`;
}

export function translateProblem(problem: ValidationProblem, language: Language, params: MessageParams = {}): string {
  const localizedParams = { ...params };
  if (typeof params.type === 'string') localizedParams.type = typeNames[params.type]?.[language] ?? params.type;
  return interpolate(validationProblems[problem][language], localizedParams);
}

/** Why processing failed, said so the owner knows what to do about it. `{file}` names the file. */
const processingFailures: Record<ProcessingFailure, Record<Language, string>> = messages.processingFailures;

/** `crashed` when no file was being processed as far as the server knows (the whole process died). */
const crashedWithoutFile: Record<Language, string> = messages.crashedWithoutFile;

export function describeProcessingFailure(reason: ProcessingFailure, language: Language, file: string | null): string {
  if (reason === 'crashed' && !file) return crashedWithoutFile[language];
  return interpolate(processingFailures[reason][language], { file: file ?? '' });
}

/** Every message's key: each error's, then the uncoded ones. */
export function messageKeys(): MessageKey[] {
  return [...Object.keys(apiErrors), ...Object.keys(uncodedMessages)] as MessageKey[];
}

const englishPlural = new Intl.PluralRules('en');

/** Fills `{name}` with its parameter, and `{name:one|other}` with the form the parameter's number takes. */
function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    if (one === undefined || other === undefined) return String(params[name]);
    return englishPlural.select(Number(params[name])) === 'one' ? one : other;
  });
}

/** Every validation problem's key, for the tests that read the whole catalogue. */
export function validationProblemKeys(): ValidationProblem[] {
  return Object.keys(validationProblems) as ValidationProblem[];
}
