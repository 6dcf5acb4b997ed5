import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { serverMilestones } from './schema/milestones.js';

/** What the platform does once in its life. */
export type Milestone = 'demo-works-seeded';

/** Milestones kept in the database, so that no later start, nor another process, does the same thing again. */
export class ServerMilestones {
  constructor(private readonly db: Db) {}

  /** Records the milestone; true when this call reached it, false when it was reached before (by any process). */
  async reach(name: Milestone): Promise<boolean> {
    const rows = await this.db.insert(serverMilestones).values({ name }).onConflictDoNothing().returning({ name: serverMilestones.name });
    return rows.length === 1;
  }

  /** Takes back a milestone whose work could not be done, so that a later start tries again. */
  async forget(name: Milestone): Promise<void> {
    await this.db.delete(serverMilestones).where(eq(serverMilestones.name, name));
  }
}
