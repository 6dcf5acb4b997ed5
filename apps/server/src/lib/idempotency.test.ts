import { ErrorCode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS, runIdempotent, type IdempotencyStore, type KeyedRow } from './idempotency.js';

type Row = KeyedRow;
const USER = 7;

const NOW = Date.UTC(2026, 0, 1);

/** A table with a unique index on the key, as the payments and withdrawals tables have. */
function table() {
  const rows = new Map<string, Row>();
  let created = 0;
  const store: IdempotencyStore<Row> = {
    findByIdempotencyKey: async (userId, wanted) => (userId === USER ? rows.get(wanted) : undefined),
    releaseIdempotencyKey: async (id) => {
      for (const [stored, candidate] of rows) if (candidate.id === id) rows.delete(stored);
    },
  };
  const request = (key: string | undefined, fingerprint = 'a') =>
    runIdempotent<Row, number>(store, USER, {
      key,
      fingerprint,
      now: NOW,
      create: async () => {
        created += 1;
        const id = created;
        await Promise.resolve();
        if (key && rows.has(key)) throw new Error('insert failed', { cause: { code: '23505' } });
        if (key) rows.set(key, { id, createdAt: new Date(NOW), requestFingerprint: fingerprint });
        return id;
      },
      replay: (row) => row.id,
    });
  return { rows, request };
}

describe('runIdempotent', () => {
  it('creates every time without a key', async () => {
    const { request } = table();
    expect([await request(undefined), await request(undefined)]).toEqual([1, 2]);
  });

  it('answers a repeated key with what it created and refuses it for another request', async () => {
    const { request } = table();
    expect(await request('k')).toBe(1);
    expect(await request('k')).toBe(1);
    await expect(request('k', 'b')).rejects.toMatchObject({ code: ErrorCode.idempotencyKeyReused });
  });

  it('answers two requests racing with one key from the row that won', async () => {
    const { request, rows } = table();
    const answers = await Promise.all([request('k'), request('k')]);
    expect(answers).toEqual([1, 1]);
    expect(rows.size).toBe(1);
  });

  it('refuses the loser of a race that asked for something else', async () => {
    const { request } = table();
    const [first, second] = await Promise.allSettled([request('k', 'a'), request('k', 'b')]);
    expect(first).toEqual({ status: 'fulfilled', value: 1 });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: ErrorCode.idempotencyKeyReused } });
  });

  it('frees a key older than the window', async () => {
    const { request, rows } = table();
    rows.set('k', { id: 99, createdAt: new Date(NOW - IDEMPOTENCY_WINDOW_MS - 1), requestFingerprint: 'other' });
    expect(await request('k')).toBe(1);
    expect(rows.get('k')?.id).toBe(1);
  });

  it('keeps a key just inside the window', async () => {
    const { request, rows } = table();
    rows.set('k', { id: 99, createdAt: new Date(NOW - IDEMPOTENCY_WINDOW_MS + 1), requestFingerprint: 'a' });
    expect(await request('k')).toBe(99);
  });

  it('passes on errors that are not the key taken', async () => {
    await expect(
      runIdempotent({ findByIdempotencyKey: async () => undefined, releaseIdempotencyKey: async () => undefined }, USER, {
        key: 'k',
        fingerprint: 'a',
        now: NOW,
        create: () => Promise.reject(new Error('insert failed', { cause: { code: '23505' } })),
        replay: () => 0,
      }),
    ).rejects.toThrow('insert failed');
  });
});
