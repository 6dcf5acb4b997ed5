/**
 * The polling loops of one queue in one process: `concurrency` loops, each taking one job at a time.
 * A loop that finds nothing sleeps for the polling interval; `wake()` cuts the sleep short (a job was
 * just sent from this process). `stop()` lets each loop finish the job in hand and answers when all
 * have returned.
 */
export class QueueWorker {
  private stopping = false;
  /** A wake-up that came while every loop was busy: the next loop to run dry polls again at once. */
  private wakeRequested = false;
  private readonly sleepers = new Set<() => void>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly options: {
      concurrency: number;
      pollingIntervalMs: number;
      /** Takes and runs one due job; answers false when there was none. */
      runOne: () => Promise<boolean>;
      onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.options.concurrency }, () => this.loop());
  }

  wake(): void {
    this.wakeRequested = true;
    for (const wakeUp of this.sleepers) wakeUp();
  }

  stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    return Promise.all(this.loops).then(() => undefined);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let found = false;
      try {
        found = await this.options.runOne();
      } catch (error) {
        this.options.onError(error);
      }
      if (found || this.stopping) continue;
      if (this.wakeRequested) this.wakeRequested = false;
      else await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wakeUp = () => {
        clearTimeout(timer);
        this.sleepers.delete(wakeUp);
        resolve();
      };
      const timer = setTimeout(wakeUp, this.options.pollingIntervalMs);
      this.sleepers.add(wakeUp);
    });
  }
}
