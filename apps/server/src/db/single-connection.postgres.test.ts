import { describe, expect, it } from 'vitest';
import { connectOnce } from './single-connection.js';

describe.runIf(process.env.DATABASE_URL)('a single connection outside the pool', () => {
  it('that the server terminates while it is idle fails its next query instead of ending the process', async () => {
    const url = process.env.DATABASE_URL!;
    const client = await connectOnce(url);
    const admin = await connectOnce(url);
    try {
      const lost = new Promise((resolve) => client.once('end', resolve));
      await admin.query('select pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      await lost;
      await expect(client.query('select 1')).rejects.toThrow();
    } finally {
      await client.end().catch(() => undefined);
      await admin.end();
    }
  });
});
