import { afterCommit } from '../db/after-commit.js';
import type { Transaction } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../lib/logger.js';

/**
 * The domain events, by name. A module that publishes an event adds it from its own `index.ts`
 * (`declare module '../../kernel/domain-events.js' { interface DomainEventMap { 'work.copied': … } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEventMap {}

export type EventName = keyof DomainEventMap;

/**
 * How a module reacts to an event:
 * - `transaction`: inside the publisher's transaction, so what it writes commits or rolls back with the
 *   cause (a copy's derived rows, the sessions a disabled account loses). A failure fails the cause.
 * - `commit`: in this process once the transaction committed; a failure is logged.
 * - `queue`: once the transaction committed, as a job that whichever process runs jobs picks up, retried
 *   on failure. The job is queued in the same transaction, so it exists exactly when the cause does. Its
 *   payload travels as JSON.
 */
export type EventSubscription<Payload> =
  | { when: 'transaction'; handle(payload: Payload, tx: Transaction): Promise<void> }
  | { when: 'commit' | 'queue'; handle(payload: Payload): Promise<void> };

interface Subscriber {
  module: string;
  subscription: EventSubscription<never>;
  jobName: string;
}

/** One module's reaction to an event, as subscribed. */
export interface SubscriptionRecord {
  event: string;
  module: string;
  when: 'transaction' | 'commit' | 'queue';
}

/** The event bus: modules subscribe while the server is assembled and publish from their services. */
export class DomainEvents {
  private readonly subscribers = new Map<string, Subscriber[]>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly log: Pick<Logger, 'error'>,
  ) {}

  /** Only while the server is assembled (queued subscriptions define a job). */
  subscribe<E extends EventName>(module: string, event: E, subscription: EventSubscription<DomainEventMap[E]>): void {
    const jobName = `event.${event}.${module}`;
    if (subscription.when === 'queue') {
      const handle = subscription.handle;
      this.jobs.define<DomainEventMap[E] & object>(jobName, (job) => handle(job.data));
    }
    const list = this.subscribers.get(event) ?? [];
    list.push({ module, subscription: subscription, jobName });
    this.subscribers.set(event, list);
  }

  /** Tells the subscribers of `event`, in the order their modules were built, that it happened in `tx`. */
  async publish<E extends EventName>(tx: Transaction, event: E, payload: DomainEventMap[E]): Promise<void> {
    for (const { module, subscription, jobName } of this.subscribers.get(event) ?? []) {
      const typed = subscription as EventSubscription<DomainEventMap[E]>;
      if (typed.when === 'transaction') {
        await typed.handle(payload, tx);
      } else if (typed.when === 'queue') {
        await this.jobs.send(jobName, payload, { transaction: tx });
      } else {
        const handle = typed.handle;
        afterCommit(tx, async () => {
          try {
            await handle(payload);
          } catch (error) {
            this.log.error({ err: error, event, module }, `the ${module} module failed to handle ${event}`);
          }
        });
      }
    }
  }

  /** Which module reacts to which event, and when. */
  subscriptions(): SubscriptionRecord[] {
    return [...this.subscribers].flatMap(([event, list]) =>
      list.map(({ module, subscription }) => ({ event, module, when: subscription.when })),
    );
  }
}
