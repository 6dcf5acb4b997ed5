import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Things the platform does once in its life (seeding the demo works), so that no later start does them again. */
export const serverMilestones = pgTable('server_milestones', {
  name: text('name').primaryKey(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
});
