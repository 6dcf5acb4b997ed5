import { TRANSFER_RECEIPT_DAYS, type Page, type TransferStatus, type WorkDetail, type WorkTransfer } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Transaction } from '../../db/database.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { fileUrl } from '../uploads/index.js';
import type { UsersService } from '../users/index.js';
import { canManage, type Actor } from '../works/index.js';
import type { WorkRow, WorksService } from '../works/index.js';
import type { SaleFilter, TransferRow, TransfersRepository } from './transfers.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A targeted sale as the order lists show it (docs/orders.md): the other side is the counterpart. */
export interface SaleSummary {
  id: number;
  status: TransferStatus;
  workName: string;
  workUid: string;
  counterpart: { uid: string; name: string };
  price: number;
  createdAt: number;
  answeredAt: number | null;
}

export interface SaleTerms {
  /** Fen, more than zero. */
  price: number;
  remark: string;
}

/**
 * Handing a work to another user: a distribution (free) or a targeted sale. The receiver confirms
 * or rejects, the sender may withdraw until then, and an unanswered transfer expires at its latest
 * receipt time. Confirming a sale moves the price from the receiver's balance to the sender's income
 * in the same database transaction as the change of owner.
 */
export class TransfersService {
  constructor(
    private readonly repository: TransfersRepository,
    private readonly works: WorksService,
    private readonly users: UsersService,
    private readonly ledger: LedgerService,
    private readonly notifications: NotificationsService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async distribute(actor: Actor, uid: string, phoneNumber: string): Promise<WorkTransfer> {
    const receiverId = await this.users.findIdByPhoneOrInviteCode(phoneNumber);
    if (receiverId === undefined) throw fail('receiverNotFound');
    return this.send(actor, uid, receiverId, undefined);
  }

  async sell(actor: Actor, uid: string, phoneOrCode: string, terms: SaleTerms): Promise<WorkTransfer> {
    const receiverId = await this.users.findIdByPhoneOrInviteCode(phoneOrCode);
    if (receiverId === undefined) throw fail('receiverNotFound');
    return this.send(actor, uid, receiverId, terms);
  }

  /**
   * A service order's delivery (docs/service-orders.md "Delivery"): the work is offered free to the order's
   * customer as a distribution, locked like any transfer while it waits; the order confirms it
   * (`settleForOrder`) when the customer confirms the order.
   */
  async offerForOrder(actor: Actor, uid: string, receiverId: number): Promise<WorkTransfer> {
    return this.send(actor, uid, receiverId, undefined);
  }

  /**
   * Confirms an order's delivery transfers in the caller's transaction: a pending one hands its work over,
   * one the receiver already confirmed stays so. Answers false, changing nothing, when any of them lapsed
   * (withdrawn, rejected or expired): the order's provider delivers again.
   */
  async settleForOrder(transferIds: readonly number[], receiverId: number, tx: Transaction): Promise<boolean> {
    const at = new Date(this.now());
    const rows: TransferRow[] = [];
    for (const id of [...transferIds].sort((a, b) => a - b)) {
      const row = await this.repository.lock(id, tx);
      if (!row || row.receiverId !== receiverId) return false;
      if (row.status === 'confirmed') continue;
      if (row.status !== 'pending' || row.expiresAt <= at) return false;
      rows.push(row);
    }
    for (const row of rows) {
      await this.works.handOver(row.workId, row.receiverId, tx);
      await this.repository.answer(row.id, 'confirmed', at, tx);
    }
    return true;
  }

  /** Withdraws an order's delivery transfers still waiting (a cancelled order, a new delivery). */
  async withdrawForOrder(transferIds: readonly number[], tx: Transaction): Promise<void> {
    const at = new Date(this.now());
    for (const id of [...transferIds].sort((a, b) => a - b)) {
      const row = await this.repository.lock(id, tx);
      if (row?.status === 'pending') await this.repository.answer(row.id, 'withdrawn', at, tx);
    }
  }

  /** The statuses of these transfers now (expired ones marked first). */
  async statusesOf(transferIds: readonly number[]): Promise<Map<number, TransferStatus>> {
    if (transferIds.length === 0) return new Map();
    await this.expireDue();
    return this.repository.statusesOf(transferIds);
  }

  async listReceived(actor: Actor, status: TransferStatus | undefined, pageNum: number, pageSize: number): Promise<Page<WorkTransfer>> {
    return this.list('receiver', actor, status, pageNum, pageSize);
  }

  async listSent(actor: Actor, status: TransferStatus | undefined, pageNum: number, pageSize: number): Promise<Page<WorkTransfer>> {
    return this.list('sender', actor, status, pageNum, pageSize);
  }

  /**
   * One page of a user's targeted sales, as buyer (`receiver`) or seller (`sender`), newest first;
   * how many match; and the count and sum of the confirmed ones (the money moved) among all that match.
   */
  async salesOf(
    userId: number,
    side: 'receiver' | 'sender',
    filter: SaleFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: SaleSummary[]; total: number; confirmed: { count: number; amountFen: number } }> {
    await this.expireDue();
    const { rows, total, completed: confirmed } = await this.repository.listSales(side, userId, filter, page);
    const [works, people] = await Promise.all([
      this.works.findByIds(rows.map((row) => row.workId)),
      this.users.findPublicProfiles(rows.map((row) => (side === 'receiver' ? row.senderId : row.receiverId))),
    ]);
    return {
      rows: rows.map((row) => {
        const other = people.get(side === 'receiver' ? row.senderId : row.receiverId);
        return {
          id: row.id,
          status: row.status,
          workName: row.workName,
          workUid: works.get(row.workId)?.uid ?? '',
          counterpart: { uid: other?.uid ?? '', name: other?.name ?? '' },
          price: row.price,
          createdAt: row.createdAt.getTime(),
          answeredAt: row.answeredAt?.getTime() ?? null,
        };
      }),
      total,
      confirmed,
    };
  }

  /**
   * The work of a transfer, for its sender and receiver to look at. Whoever owns the work now sees it
   * whole. A receiver sees it live while the transfer waits for them (a preview: what viewers see, never
   * the files). Once it has left a party for good, that party sees it as it was sent (the snapshot), never
   * the new owner's later changes: the sender after a confirmation, the receiver after passing it on. A
   * receiver who refused it, or let it expire or be withdrawn, sees nothing.
   */
  async transferredWork(actor: Actor, id: number): Promise<WorkDetail> {
    const transfer = await this.repository.findById(id);
    if (!transfer || (transfer.senderId !== actor.id && transfer.receiverId !== actor.id)) throw fail('notFound');
    const work = await this.works.findById(transfer.workId);
    if (!work) throw fail('notFound');
    const isSender = transfer.senderId === actor.id;
    if (canManage(actor, work) || (!isSender && transfer.status === 'pending')) return this.works.detail(work, actor);
    if ((isSender || transfer.status === 'confirmed') && transfer.workSnapshot) return transfer.workSnapshot;
    throw fail('notFound');
  }

  async confirm(actor: Actor, id: number): Promise<void> {
    await this.answer(actor, id, 'receiver', 'transferConfirmed', async (row, tx) => {
      await this.works.handOver(row.workId, row.receiverId, tx);
      if (row.price > 0) {
        await this.ledger.post(
          {
            reference: `work-transfer:${row.id}`,
            kind: 'workSale',
            memo: row.workName,
            entries: [
              { account: LedgerAccount.balance(row.receiverId), amount: -row.price },
              { account: LedgerAccount.income(row.senderId), amount: row.price },
            ],
          },
          tx,
        );
      }
      return 'confirmed';
    });
  }

  async reject(actor: Actor, id: number): Promise<void> {
    await this.answer(actor, id, 'receiver', 'transferRejected', async () => 'rejected');
  }

  async withdraw(actor: Actor, id: number): Promise<void> {
    await this.answer(actor, id, 'sender', undefined, async () => 'withdrawn');
  }

  /** The expiry job (and every list) calls this; answers how many transfers expired. */
  async expireDue(): Promise<number> {
    return this.repository.expireDue(new Date(this.now()));
  }

  private async send(actor: Actor, uid: string, receiverId: number, sale: SaleTerms | undefined): Promise<WorkTransfer> {
    if (sale) await Promise.all([this.ledger.openUserAccounts(receiverId), this.ledger.openUserAccounts(actor.id)]);
    await this.expireDue();
    const sender = await this.nameOf(actor.id);
    const workSnapshot = await this.snapshotOf(uid);
    const row = await this.works.change(actor, uid, async (work, tx) => {
      if (receiverId === work.ownerId) throw fail('transferToSelf');
      await this.works.assertNotInTransfer(work, tx);
      const sentAt = this.now();
      const transfer = await this.repository.insert(
        {
          workId: work.id,
          kind: sale ? 'sale' : 'distribute',
          senderId: work.ownerId,
          receiverId,
          price: sale?.price ?? 0,
          remark: sale?.remark.trim() ?? '',
          workName: work.name,
          workSnapshot,
          createdAt: new Date(sentAt),
          expiresAt: new Date(sentAt + TRANSFER_RECEIPT_DAYS * DAY_MS),
        },
        tx,
      );
      await this.notifications.notify(tx, {
        userId: receiverId,
        kind: 'transferReceived',
        params: { workName: work.name, sender, transferKind: transfer.kind, price: transfer.price },
        link: '/model/receiptModel',
      });
      return { transfer, work };
    });
    const [transfer] = await this.present([row]);
    return transfer!;
  }

  /**
   * Answers a pending transfer for the side allowed to. An answer after the latest receipt time
   * records the expiry and is refused. A receiver's answer tells the sender (`notice`), in the same transaction.
   */
  private async answer(
    actor: Actor,
    id: number,
    side: 'receiver' | 'sender',
    notice: 'transferConfirmed' | 'transferRejected' | undefined,
    decide: (row: TransferRow, tx: Transaction) => Promise<TransferStatus>,
  ): Promise<void> {
    const at = new Date(this.now());
    const actorName = notice ? await this.nameOf(actor.id) : '';
    const outcome = await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.lock(id, tx);
      if (!row || (row.senderId !== actor.id && row.receiverId !== actor.id)) throw fail('notFound');
      if ((side === 'receiver' ? row.receiverId : row.senderId) !== actor.id) throw fail('forbidden');
      if (row.status !== 'pending') throw fail('transferNotPending');
      if (row.expiresAt <= at) {
        await this.repository.answer(row.id, 'expired', at, tx);
        return 'expired' as const;
      }
      await this.repository.answer(row.id, await decide(row, tx), at, tx);
      if (notice) {
        await this.notifications.notify(tx, {
          userId: row.senderId,
          kind: notice,
          params: { workName: row.workName, receiver: actorName, transferKind: row.kind, price: row.price },
          link: '/model/sendModel',
        });
      }
      return 'answered' as const;
    });
    if (outcome === 'expired') throw fail('transferExpired');
  }

  /**
   * The work as the public sees it, taken as it is sent (`transferredWork`), read before the sending
   * transaction opens for the reason `nameOf` gives. `change` then decides whether it may be sent at all.
   */
  private async snapshotOf(uid: string): Promise<WorkDetail | null> {
    const work = await this.works.findByUid(uid);
    return work ? this.works.detail(work, undefined) : null;
  }

  /** A person's public name, read before a transaction opens (on PGlite a read outside it would wait for it). */
  private async nameOf(userId: number): Promise<string> {
    return (await this.users.findPublicProfiles([userId])).get(userId)?.name ?? '';
  }

  private async list(side: 'receiver' | 'sender', actor: Actor, status: TransferStatus | undefined, pageNum: number, pageSize: number) {
    await this.expireDue();
    const { rows, total } = await this.repository.list(side, actor.id, status, pageSize, (pageNum - 1) * pageSize);
    const works = await this.works.findByIds(rows.map((row) => row.workId));
    // A work purged since the page was read takes its transfers with it.
    const found = rows.flatMap((transfer) => {
      const work = works.get(transfer.workId);
      return work ? [{ transfer, work }] : [];
    });
    return { list: await this.present(found), total, pageNum, pageSize };
  }

  private async present(rows: readonly { transfer: TransferRow; work: WorkRow }[]): Promise<WorkTransfer[]> {
    const people = await this.users.findPublicProfiles(rows.flatMap(({ transfer }) => [transfer.senderId, transfer.receiverId]));
    const unknown = { uid: '', name: '', avatarUrl: '' };
    return rows.map(({ transfer: row, work }) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      work: { uid: work.uid, name: row.workName, type: work.type, coverUrl: fileUrl(work.coverKey) },
      sender: people.get(row.senderId) ?? unknown,
      receiver: people.get(row.receiverId) ?? unknown,
      price: row.price,
      remark: row.remark,
      sentAt: row.createdAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      answeredAt: row.answeredAt?.getTime() ?? null,
    }));
  }
}
