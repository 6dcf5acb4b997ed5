import { type ProcessingStage } from '@spatia/contract';
import type { ProcessingRepository, RunLease } from './processing.repository.js';

/** How much of a run's progress bar each stage fills. */
const STAGE_SPAN: Record<ProcessingStage, [number, number]> = {
  prepare: [0, 0.03],
  tiles: [0.03, 0.95],
  convert: [0.03, 0.95],
  cover: [0.95, 0.98],
  publish: [0.98, 1],
};
const HEARTBEAT_MS = 1000;

/** A run in progress: reports progress, keeps the lease alive, and notices when it has lost it. */
export class RunContext {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private stage: ProcessingStage = 'prepare';
  private progress = 0;
  private points: { done: number; total: number } | null = null;
  private lastBeat = 0;
  lost = false;

  constructor(
    private readonly repository: ProcessingRepository,
    readonly lease: RunLease,
    jobSignal: AbortSignal,
    private readonly leaseEnd: () => Date,
  ) {
    jobSignal.addEventListener('abort', () => this.controller.abort(jobSignal.reason), { once: true });
    // Renews the lease even while a long step reports nothing (decoding a huge JPEG, say).
    this.timer = setInterval(() => void this.beat(true), HEARTBEAT_MS * 5);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async enter(stage: ProcessingStage, fraction: number): Promise<void> {
    this.record(stage, fraction);
    await this.beat(false);
    if (this.lost) throw new LeaseLost();
  }

  /**
   * Progress from inside a pipeline, which cannot wait: recorded with the next heartbeat. A lost lease
   * shows through `signal`, which the pipeline honours.
   */
  report(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void {
    this.record(stage, fraction, points);
    void this.beat(false);
  }

  private record(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void {
    this.stage = stage;
    this.progress = Math.max(this.progress, stageProgress(stage, fraction));
    if (points) this.points = points;
  }

  private async beat(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastBeat < HEARTBEAT_MS) return;
    this.lastBeat = now;
    const held = await this.repository
      .heartbeat(this.lease, { stage: this.stage, progress: this.progress, points: this.points }, this.leaseEnd())
      .catch(() => true);
    if (!held && !this.lost) {
      this.lost = true;
      this.controller.abort(new LeaseLost());
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export class LeaseLost extends Error {
  constructor() {
    super('the run is no longer held by this job');
  }
}

export function stageProgress(stage: ProcessingStage, fraction: number): number {
  const [from, to] = STAGE_SPAN[stage];
  return Math.min(1, from + (to - from) * Math.min(1, Math.max(0, fraction)));
}
