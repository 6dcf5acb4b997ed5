import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/client';
import { setUpApiHarness } from '../../../test/api-harness';
import { exportOrders } from './export-orders';
import { getIncome } from './get-income';
import { getOrders } from './get-orders';

const startBrowserDownload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/browser-download', () => ({ startBrowserDownload }));

const { seen, replyWith } = setUpApiHarness();

afterEach(() => vi.restoreAllMocks());

describe('orders api', () => {
  it('asks for one kind of order with its filters', async () => {
    replyWith({ list: [], total: 0, pageNum: 1, pageSize: 10, totals: { count: 0, amountFen: 0, completedCount: 0 } });
    const params = {
      direction: 'consume',
      type: 'flow',
      status: 'completed',
      startTime: '2026-11-01',
      endTime: '2026-11-30',
      pageNum: 1,
      pageSize: 10,
    } as const;
    await getOrders(params);
    expect(seen[0]).toMatchObject({ method: 'get', url: '/c/orders', params });
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-1');
  });

  it('asks for the income of a range, or of the default window', async () => {
    replyWith({});
    await getIncome({ pageNum: 1, pageSize: 10 });
    await getIncome({ startTime: '2026-11-01', endTime: '2026-11-30', pageNum: 2, pageSize: 10 });
    expect(seen.map((config) => [config.url, config.params])).toEqual([
      ['/revenue/stat', { pageNum: 1, pageSize: 10 }],
      ['/revenue/stat', { startTime: '2026-11-01', endTime: '2026-11-30', pageNum: 2, pageSize: 10 }],
    ]);
  });

  it('saves the export under its name, as UTF-8 with the byte order mark Excel needs', async () => {
    http.defaults.adapter = async (config) => {
      seen.push(config);
      // What a browser hands over: the text decoded, its byte order mark gone.
      return { status: 200, statusText: 'OK', data: 'Order no.,Item\r\nR1,"Traffic, 1 month"\r\n', headers: {} };
    };
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:orders';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);

    await exportOrders('consume', 'flow', { status: 'completed', startTime: '2026-11-01', endTime: '2026-11-30' });

    expect(seen[0]).toMatchObject({
      url: '/c/orders/export',
      params: { direction: 'consume', type: 'flow', status: 'completed', startTime: '2026-11-01', endTime: '2026-11-30' },
    });
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-1');
    expect(startBrowserDownload).toHaveBeenCalledWith('blob:orders', 'orders-consume-flow-2026-11-01_2026-11-30.csv');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('Order no.,Item\r\nR1,"Traffic, 1 month"\r\n');
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
  });
});
