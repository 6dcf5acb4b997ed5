import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { serverSecrets } from './schema/server-secrets.js';

/** Secrets the server generates once and every process shares, kept in the database. */
export class ServerSecrets {
  private readonly loaded = new Map<string, Promise<string>>();

  constructor(private readonly db: Db) {}

  get(name: string): Promise<string> {
    let secret = this.loaded.get(name);
    if (!secret) {
      secret = this.load(name);
      this.loaded.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<string> {
    await this.db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await this.db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`secret ${name} missing`);
    return row.value;
  }
}
