import { fail } from '../../lib/app-error.js';

/** How long one dependency may take to answer before it counts as down: a probe must answer promptly. */
const CHECK_TIMEOUT_MS = 2000;

/** A dependency's check: resolves when it answers, rejects (or answers false) when it does not. */
export type ReadinessCheck = () => Promise<unknown> | boolean;

export type DependencyName = 'database' | 'jobs' | 'cache';

/**
 * Readiness (`/api/health/ready`): whether this process can serve now, each dependency asked afresh.
 * Liveness (`/api/health/live`) asks nothing: a process whose database is down is alive, only not ready.
 */
export class ReadinessService {
  constructor(
    private readonly checks: Partial<Record<DependencyName, ReadinessCheck>>,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  /** The checks that passed, or 503 (code 1004) naming those that failed. */
  async check(): Promise<{ status: 'ready'; checks: DependencyName[] }> {
    const outcomes = await Promise.all(
      (Object.entries(this.checks) as [DependencyName, ReadinessCheck][]).map(async ([name, check]) => ({
        name,
        passed: await this.passes(check),
      })),
    );
    const failed = outcomes.filter((outcome) => !outcome.passed).map((outcome) => outcome.name);
    if (failed.length > 0) throw fail('notReady', { checks: failed.join(', ') });
    return { status: 'ready', checks: outcomes.map((outcome) => outcome.name) };
  }

  private async passes(check: ReadinessCheck): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs)));
    try {
      const answered = Promise.resolve()
        .then(check)
        .then(
          (result) => result !== false,
          () => false,
        );
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
