import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables beside it, and the few the platform itself owns (server secrets, milestones).
  schema: ['./src/modules/*/*.tables.ts', './src/db/schema/*.ts'],
  out: './drizzle',
});
