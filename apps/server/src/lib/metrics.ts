import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCount, JobOutcome } from '../jobs/job-queue.js';

/** How a provider's payment notification ended (docs/payments.md): `duplicate` is one already booked. */
export type PaymentNotificationOutcome = 'booked' | 'duplicate' | 'notPaid' | 'unknownOrder' | 'amountMismatch' | 'refused' | 'refund';

/** Seconds: requests are mostly milliseconds, the slow end is uploads' last PATCH and exports. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: jobs and processing runs go from milliseconds (cleanups) to many minutes (a large point cloud). */
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics"), in a registry of its own: every app a
 * test builds counts for itself. Recording is always on and costs a counter's increment; the endpoint that
 * reads them exists only when the operator configured it (plugins/metrics.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  private queueDepths: (() => Promise<JobCount[]>) | undefined;

  private readonly requestSeconds = new Histogram({
    name: 'spatia_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class (its _count is the request count)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  private readonly jobSeconds = new Histogram({
    name: 'spatia_job_duration_seconds',
    help: 'Background job runs in this process by job name and outcome (its _count is the run count)',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  private readonly processingSeconds = new Histogram({
    name: 'spatia_processing_run_seconds',
    help: 'Processing runs by work type and outcome (its _count is the runs processed)',
    labelNames: ['type', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  private readonly uploadBytes = new Counter({
    name: 'spatia_upload_received_bytes_total',
    help: 'Bytes of uploads received, by way: resumable (tus) or in one request (an image of a grant)',
    labelNames: ['via'] as const,
    registers: [this.registry],
  });

  private readonly paymentNotifications = new Counter({
    name: 'spatia_payment_notifications_total',
    help: "Payment providers' notifications by provider and outcome",
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    const depths = () => this.queueDepths;
    new Gauge({
      name: 'spatia_job_queue_depth',
      help: 'Jobs per queue waiting to run or running, across every process (read from the queue at scrape time)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const count = depths();
        if (!count) return;
        // A queue that cannot answer (its database is down) leaves the gauge empty; readiness says why.
        const rows = await count().catch(() => []);
        for (const { queue, state, count: jobs } of rows) this.set({ queue, state }, jobs);
      },
    });
    // CPU, memory, event-loop lag, handles, GC: only where someone reads them (each call adds observers).
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestSeconds.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  observeJob(job: string, outcome: JobOutcome, seconds: number): void {
    this.jobSeconds.observe({ job, outcome }, seconds);
  }

  observeProcessingRun(type: string, outcome: string, seconds: number): void {
    this.processingSeconds.observe({ type, outcome }, seconds);
  }

  countUploadBytes(bytes: number, via: 'tus' | 'direct'): void {
    this.uploadBytes.inc({ via }, bytes);
  }

  countPaymentNotification(provider: string, outcome: PaymentNotificationOutcome): void {
    this.paymentNotifications.inc({ provider, outcome });
  }

  /** Where the queue-depth gauge reads from when scraped. */
  watchJobQueue(count: () => Promise<JobCount[]>): void {
    this.queueDepths = count;
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

/** Whether an `Authorization` header carries the bearer token, compared in constant time (hashes have equal lengths). */
export function carriesBearerToken(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
