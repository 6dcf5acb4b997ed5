import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId } from '../../db/schema/columns.js';
import { TRANSFER_KINDS, TRANSFER_STATUSES, type WorkDetail } from '@spatia/contract';
import { userRef } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/** A hand-over of a work: a distribution (free) or a targeted sale, waiting for the receiver's answer. */
export const workTransfers = pgTable(
  'work_transfers',
  {
    id: serialId(),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    /** Fen; 0 for a distribution. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    remark: text('remark').notNull().default(''),
    /** The work's name when it was sent: what the receiver agreed to. */
    workName: text('work_name').notNull(),
    /**
     * The work as it was sent, as the public sees it (a WorkDetail): what a party who no longer owns it
     * is shown, never the new owner's later changes. Null for transfers sent before it was kept.
     */
    workSnapshot: jsonb('work_snapshot').$type<WorkDetail>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('work_transfers_one_pending')
      .on(table.workId)
      .where(sql`${table.status} = 'pending'`),
    index().on(table.receiverId, table.createdAt, table.id),
    index().on(table.senderId, table.createdAt, table.id),
    index('work_transfers_pending_expiry')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    check('work_transfers_price', sql`${table.price} >= 0 and (${table.kind} = 'sale') = (${table.price} > 0)`),
  ],
);
