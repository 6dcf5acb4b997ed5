import pg from 'pg';

/**
 * How long a request waits for a connection (a new one, or a turn in the pool) before it fails: a database
 * host that stopped answering, where no refusal comes back, must not hold requests for the system's
 * TCP timeout of minutes.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * pg's pool, with the guards a database that goes away needs (a restart, a failover, a terminated
 * backend). pg-pool watches only its idle clients for errors; a client lent out has no listener, so a
 * connection that dies while lent (between two queries, or after the query that saw it die) throws an
 * unhandled 'error' that ends the process. And drizzle-orm 0.45 sends a transaction's `begin` before
 * its try/finally: when `begin` fails, the client is never given back, and each such client is a
 * connection lost to the pool for good; with all of them gone every request waits for ever.
 *
 * So a lent client is watched too: when its connection dies it goes back to the pool, marked broken
 * (the pool closes it and opens a new one when needed), whether or not its borrower gives it back; the
 * borrower's own release after that does nothing.
 */
export class PostgresPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  }

  // pg-pool's query() lends its clients through the callback form: both forms are watched.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then((client) => watchWhileLent(client));
    super.connect((error, client, done) => {
      if (error || !client) return callback(error, client, done);
      const watched = watchWhileLent(client);
      callback(undefined, watched, (release?: unknown) => watched.release(release as Error | boolean | undefined));
    });
  }
}

function watchWhileLent(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release.bind(client);
  let returned = false;
  const release = (error?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client.removeListener('error', onError);
    giveBack(error);
  };
  const onError = (error: Error) => release(error);
  client.on('error', onError);
  client.release = release;
  return client;
}
