import type { HealthStatus } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Database } from '../../db/database.js';

/** How long one database check answers for: health probes stay cheap under load, yet truthful. */
const CHECK_INTERVAL_MS = 1000;

export class HealthService {
  private lastCheck: { at: number; healthy: boolean } | undefined;
  private inFlight: Promise<boolean> | undefined;

  constructor(
    private readonly database: Pick<Database, 'kind' | 'ping'>,
    private readonly version: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async status(): Promise<HealthStatus> {
    if (!(await this.databaseIsHealthy())) throw fail('unavailable');
    return { status: 'ok', database: this.database.kind, version: this.version };
  }

  private async databaseIsHealthy(): Promise<boolean> {
    const now = this.now();
    if (this.lastCheck && now - this.lastCheck.at < CHECK_INTERVAL_MS) return this.lastCheck.healthy;
    this.inFlight ??= this.database
      .ping()
      .then(
        () => true,
        () => false,
      )
      .then((healthy) => {
        this.lastCheck = { at: this.now(), healthy };
        this.inFlight = undefined;
        return healthy;
      });
    return this.inFlight;
  }
}
