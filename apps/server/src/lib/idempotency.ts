import { IDEMPOTENCY_KEY_HOURS } from '@spatia/contract';
import { isUniqueViolation } from '../db/unique-violation.js';
import { fail } from './app-error.js';

/** How long an `Idempotency-Key` answers with what it created; after that the key is free again. */
export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60_000;

/** What a row created under a key keeps of it: when, and the request it was sent with. */
export interface KeyedRow {
  id: number;
  createdAt: Date;
  requestFingerprint: string | null;
}

/** Where the rows created under a key are: a table with a unique index on (user, key). */
export interface IdempotencyStore<Row extends KeyedRow> {
  /** The row stored under the user's key, however old. */
  findByIdempotencyKey(userId: number, key: string): Promise<Row | undefined>;
  /** Takes the key off a row older than the window, so that the key can create again. */
  releaseIdempotencyKey(id: number): Promise<void>;
}

export interface IdempotentRequest<Row extends KeyedRow, Answer> {
  /** The caller's `Idempotency-Key` header; without one every request creates. */
  key: string | undefined;
  /** What the request asked for: the same key with another fingerprint is refused. */
  fingerprint: string;
  now: number;
  /** The effect. It stores the key with its row under a unique index on the key. */
  create: () => Promise<Answer>;
  /** The answer a repeated request gets, from the row the first one stored. */
  replay: (row: Row) => Answer | Promise<Answer>;
}

/**
 * Runs `create` once per key in a 24-hour window: a repeated request gets the first one's answer, the
 * same key with another request is refused (1606). Two requests racing with one key both find no row;
 * the unique index lets one insert, and the other, refused by it, answers from the row that won.
 */
export async function runIdempotent<Row extends KeyedRow, Answer>(
  store: IdempotencyStore<Row>,
  userId: number,
  request: IdempotentRequest<Row, Answer>,
): Promise<Answer> {
  const { key } = request;
  if (!key) return request.create();
  const earlier = await store.findByIdempotencyKey(userId, key);
  if (earlier && isFresh(earlier, request.now)) return answerAgain(request, earlier);
  if (earlier) await store.releaseIdempotencyKey(earlier.id);
  try {
    return await request.create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await store.findByIdempotencyKey(userId, key);
    if (!winner) throw error;
    return answerAgain(request, winner);
  }
}

function isFresh(row: KeyedRow, now: number): boolean {
  return row.createdAt.getTime() > now - IDEMPOTENCY_WINDOW_MS;
}

function answerAgain<Row extends KeyedRow, Answer>(request: IdempotentRequest<Row, Answer>, row: Row): Answer | Promise<Answer> {
  if (row.requestFingerprint !== request.fingerprint) throw fail('idempotencyKeyReused');
  return request.replay(row);
}
