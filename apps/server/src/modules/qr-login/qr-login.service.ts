import { randomBytes } from 'node:crypto';
import type { CodeLoginResult, QrScanResult, QrTicket, QrTicketStatus } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { addressBucket } from '../../lib/request-info.js';
import type { AccountsService } from '../accounts/index.js';
import type { ClientInfo } from '../../lib/request-info.js';
import { hashToken } from '../auth/index.js';
import type { QrLoginRepository, TicketRow } from './qr-login.repository.js';

export const QR_TICKET_LIFETIME_MS = 2 * 60 * 1000;

/**
 * Sign-in by scanning: the desktop shows a QR code of a one-time ticket and polls with a separate
 * poll token; a signed-in phone opens the ticket's link and confirms. The desktop's next poll gets
 * a session of the confirming user, once.
 */
export class QrLoginService {
  constructor(
    private readonly repository: QrLoginRepository,
    private readonly accounts: AccountsService,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async createTicket(client: ClientInfo, origin: string): Promise<QrTicket> {
    const decision = await this.limiter.hit(`qr:ip:${addressBucket(client.ip)}`, 30, 60);
    if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    const ticket = randomBytes(24).toString('base64url');
    const pollToken = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + QR_TICKET_LIFETIME_MS;
    await this.repository.insert({
      ticketHash: hashToken(ticket),
      pollTokenHash: hashToken(pollToken),
      expiresAt: new Date(expiresAt),
      clientUserAgent: client.userAgent.slice(0, 512),
      clientIp: client.ip,
    });
    const confirmUrl = `${origin}/mobile/qrConfirm?ticket=${encodeURIComponent(ticket)}`;
    return { ticket, pollToken, confirmUrl, expiresAt, status: 'pending' };
  }

  /** The desktop's poll. A confirmed ticket is consumed here, and only here, into a session. */
  async poll(
    pollToken: string,
    client: ClientInfo,
  ): Promise<{ status: QrTicketStatus; expiresAt: number; token?: string; login?: CodeLoginResult }> {
    const row = await this.repository.findByPollTokenHash(hashToken(pollToken));
    if (!row) throw fail('qrTicketUnknown');
    const status = this.visibleStatus(row);
    if (status !== 'confirmed' || row.userId === null) return { status, expiresAt: row.expiresAt.getTime() };
    const consumed = await this.repository.transition(row.id, ['confirmed'], 'consumed', new Date(this.now()));
    if (!consumed) return { status: 'expired', expiresAt: row.expiresAt.getTime() };
    const { token, result } = await this.accounts.startCodeSession(row.userId, client);
    return { status: 'confirmed', expiresAt: row.expiresAt.getTime(), token, login: result };
  }

  /**
   * The phone opened the link: the desktop shows "scanned", the phone shows who is asking. The first
   * account to scan a ticket holds it; another account that scans it after is refused.
   */
  async scan(ticket: string, userId: number): Promise<QrScanResult> {
    const row = await this.liveTicket(ticket);
    const scanned = (await this.repository.transition(row.id, ['pending'], 'scanned', new Date(this.now()), userId)) ?? row;
    if (scanned.userId !== userId) throw fail('qrTicketScannedByOther');
    return {
      status: this.visibleStatus(scanned),
      expiresAt: scanned.expiresAt.getTime(),
      client: { userAgent: scanned.clientUserAgent, ip: scanned.clientIp },
    };
  }

  /**
   * Only the account that scanned the ticket answers it: anyone else who learns a ticket (a QR code on a
   * shared screen) must not be able to sign that desktop into an account of their choosing.
   */
  async confirm(ticket: string, userId: number, accept: boolean): Promise<{ status: QrTicketStatus }> {
    const row = await this.liveTicket(ticket);
    if (row.userId === null) throw fail('qrTicketNotScanned');
    if (row.userId !== userId) throw fail('qrTicketScannedByOther');
    const moved = await this.repository.transition(row.id, ['scanned'], accept ? 'confirmed' : 'declined', new Date(this.now()), userId);
    if (!moved) throw fail('qrTicketExpired');
    return { status: accept ? 'confirmed' : 'declined' };
  }

  private async liveTicket(ticket: string): Promise<TicketRow> {
    const row = await this.repository.findByTicketHash(hashToken(ticket));
    if (!row) throw fail('qrTicketUnknown');
    if (this.visibleStatus(row) === 'expired') throw fail('qrTicketExpired');
    return row;
  }

  private visibleStatus(row: TicketRow): QrTicketStatus {
    if (row.status === 'consumed') return 'expired';
    if ((row.status === 'pending' || row.status === 'scanned') && row.expiresAt.getTime() <= this.now()) return 'expired';
    return row.status;
  }
}
