import { ErrorCode, Role } from '@spatia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../../lib/cache.js';
import type { UsersService } from '../users/users.service.js';
import { DownloadTickets } from './download-tickets.service.js';

const owner = { id: 7, roles: [Role.customer] };

/** Tickets over a memory cache, with the users the redeemer may turn out to be. */
function setUp(people: Record<number, { disabled: boolean }> = { 7: { disabled: false } }) {
  const cache = new MemoryCache();
  const users = {
    getAuthUser: (id: number) => Promise.resolve(people[id] ? { id, roles: [Role.customer], disabled: people[id].disabled } : undefined),
  } as unknown as UsersService;
  return { cache, tickets: new DownloadTickets(cache, users) };
}

const ticketOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('ticket')!;

afterEach(() => vi.useRealTimers());

describe('download tickets', () => {
  it('issue a link to the path with a ticket that opens for one minute', async () => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    const { tickets } = setUp();
    const issued = await tickets.issue(owner, 'offline', 'W1', '/api/model/W1/offlinePackage');
    expect(issued.url).toMatch(/^\/api\/model\/W1\/offlinePackage\?ticket=[\w-]{32}$/);
    expect(issued.expiresAt).toBe(1_800_000_060_000);
    await expect(tickets.redeem('offline', 'W1', ticketOf(issued.url))).resolves.toMatchObject({ id: 7, disabled: false });
  });

  it('are new every time, and kept hashed: the cache never holds the ticket itself', async () => {
    const { cache, tickets } = setUp();
    const set = vi.spyOn(cache, 'set');
    const first = ticketOf((await tickets.issue(owner, 'las', 'W1', '/x')).url);
    const second = ticketOf((await tickets.issue(owner, 'las', 'W1', '/x')).url);
    expect(second).not.toBe(first);
    const keys = set.mock.calls.map(([key]) => key);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(/^las-ticket:[0-9a-f]{64}$/);
      expect(key).not.toContain(first);
      expect(key).not.toContain(second);
    }
  });

  it('open only the work and purpose they were issued for', async () => {
    const { tickets } = setUp();
    const ticket = ticketOf((await tickets.issue(owner, 'offline', 'W1', '/x')).url);
    await expect(tickets.redeem('offline', 'W2', ticket)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
    await expect(tickets.redeem('las', 'W1', ticket)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
    await expect(tickets.redeem('offline', 'W1', `${ticket}x`)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
    await expect(tickets.redeem('offline', 'W1', ticket)).resolves.toMatchObject({ id: 7 });
  });

  it('stop opening after a minute', async () => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    const { tickets } = setUp();
    const ticket = ticketOf((await tickets.issue(owner, 'offline', 'W1', '/x')).url);
    vi.setSystemTime(1_800_000_059_000);
    await expect(tickets.redeem('offline', 'W1', ticket)).resolves.toMatchObject({ id: 7 });
    vi.setSystemTime(1_800_000_060_000);
    await expect(tickets.redeem('offline', 'W1', ticket)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
  });

  it('open nothing for a person disabled or gone since the ticket was issued', async () => {
    const disabled = setUp({ 7: { disabled: true } });
    const forDisabled = ticketOf((await disabled.tickets.issue(owner, 'offline', 'W1', '/x')).url);
    await expect(disabled.tickets.redeem('offline', 'W1', forDisabled)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
    const gone = setUp({});
    const forGone = ticketOf((await gone.tickets.issue(owner, 'offline', 'W1', '/x')).url);
    await expect(gone.tickets.redeem('offline', 'W1', forGone)).rejects.toMatchObject({ code: ErrorCode.unauthenticated });
  });
});
