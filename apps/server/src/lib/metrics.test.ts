import { describe, expect, it } from 'vitest';
import { carriesBearerToken, Metrics } from './metrics.js';

describe('carriesBearerToken', () => {
  it('takes exactly the token after "Bearer "', () => {
    expect(carriesBearerToken('Bearer secret-token', 'secret-token')).toBe(true);
    expect(carriesBearerToken('bearer secret-token', 'secret-token')).toBe(true);
    for (const header of [undefined, '', 'secret-token', 'Bearer secret-toke', 'Bearer secret-token ', 'Basic secret-token']) {
      expect(carriesBearerToken(header, 'secret-token'), String(header)).toBe(false);
    }
  });
});

describe('Metrics', () => {
  it('keeps each registry to itself and counts payments and processing by their labels', async () => {
    const first = new Metrics();
    const second = new Metrics();
    first.countPaymentNotification('wechat', 'booked');
    first.countPaymentNotification('wechat', 'duplicate');
    first.countPaymentNotification('wechat', 'duplicate');
    first.observeProcessingRun('panorama', 'published', 12);
    const { text } = await first.exposition();
    expect(text).toContain('spatia_payment_notifications_total{provider="wechat",outcome="booked"} 1');
    expect(text).toContain('spatia_payment_notifications_total{provider="wechat",outcome="duplicate"} 2');
    expect(text).toContain('spatia_processing_run_seconds_sum{type="panorama",outcome="published"} 12');
    expect((await second.exposition()).text).not.toContain('provider="wechat"');
  });

  it('leaves the queue depth empty when the queue cannot answer', async () => {
    const metrics = new Metrics();
    metrics.watchJobQueue(() => Promise.reject(new Error('database down')));
    const { text } = await metrics.exposition();
    expect(text).toContain('# TYPE spatia_job_queue_depth gauge');
    expect(text).not.toContain('spatia_job_queue_depth{');
  });
});
