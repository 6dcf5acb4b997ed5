import { createHash, randomBytes } from 'node:crypto';
import type { DownloadTicket } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import type { UsersService } from '../users/index.js';
import type { Actor } from '../works/index.js';

const TICKET_SECONDS = 60;

export type { DownloadTicket };

/** What a ticket opens: offline packages and point-cloud exports each have their own. */
export type DownloadPurpose = 'offline' | 'las';

/**
 * One-minute download links that work without the auth headers: a browser's own download (an anchor)
 * cannot send headers, and only it streams a large file to disk instead of into the page. Tickets are
 * kept hashed, like session tokens, and open only the work and purpose they were issued for.
 */
export class DownloadTickets {
  constructor(
    private readonly cache: Cache,
    private readonly users: UsersService,
  ) {}

  async issue(actor: Actor, purpose: DownloadPurpose, uid: string, path: string): Promise<DownloadTicket> {
    const ticket = randomBytes(24).toString('base64url');
    await this.cache.set(ticketKey(purpose, ticket), { uid, userId: actor.id }, TICKET_SECONDS);
    return { url: `${path}?ticket=${ticket}`, expiresAt: Date.now() + TICKET_SECONDS * 1000 };
  }

  /** The person a ticket was issued to, if it is for this work and purpose and still good. */
  async redeem(purpose: DownloadPurpose, uid: string, ticket: string): Promise<Actor> {
    const issued = await this.cache.get<{ uid: string; userId: number }>(ticketKey(purpose, ticket));
    const actor = issued && issued.uid === uid ? await this.users.getAuthUser(issued.userId) : undefined;
    if (!actor || actor.disabled) throw fail('unauthenticated');
    return actor;
  }
}

function ticketKey(purpose: DownloadPurpose, ticket: string): string {
  return `${purpose}-ticket:${createHash('sha256').update(ticket).digest('hex')}`;
}
