import type { ServiceOrderDetail, ServiceOrderStatus } from '@spatia/contract';

/** The steps of an order's life, in order (docs/web.md "Service orders"). */
export const TIMELINE_STEPS = [
  'placed',
  'paid',
  'accepted',
  'shot',
  'delivered',
  'completed',
] as const satisfies readonly ServiceOrderStatus[];
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export interface TimelineEntry {
  step: TimelineStep | 'cancelled' | 'refunded';
  /** When it happened; null for a step still ahead. */
  at: number | null;
  state: 'done' | 'current' | 'ahead';
}

const TIME_OF: Record<TimelineStep, (order: ServiceOrderDetail) => number | null> = {
  placed: (order) => order.createdAt,
  paid: (order) => order.paidAt,
  accepted: (order) => order.acceptedAt,
  shot: (order) => order.shotAt,
  delivered: (order) => order.deliveredAt,
  completed: (order) => order.completedAt,
};

/**
 * The order's timeline: every step up to its status done (with its time), the next one current, the rest
 * ahead; a cancelled order ends after the last step reached with "cancelled" (and "refunded" when money went back).
 */
export function timelineOf(order: ServiceOrderDetail): TimelineEntry[] {
  if (order.status === 'cancelled') {
    const reached = TIMELINE_STEPS.filter((step) => TIME_OF[step](order) !== null);
    const entries: TimelineEntry[] = reached.map((step) => ({ step, at: TIME_OF[step](order), state: 'done' }));
    entries.push({ step: 'cancelled', at: order.cancelledAt, state: 'done' });
    if (order.refundedFen > 0) entries.push({ step: 'refunded', at: order.cancelledAt, state: 'done' });
    return entries;
  }
  const index = TIMELINE_STEPS.indexOf(order.status);
  return TIMELINE_STEPS.map((step, position) => ({
    step,
    at: position <= index ? TIME_OF[step](order) : null,
    state: position <= index ? 'done' : position === index + 1 ? 'current' : 'ahead',
  }));
}
