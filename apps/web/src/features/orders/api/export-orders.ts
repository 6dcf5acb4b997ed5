import { orderExportFileName, type OrderDirection, type OrderType } from '@spatia/contract';
import { http } from '../../../api/client';
import { startBrowserDownload } from '../../../lib/browser-download';
import type { OrderFilters } from './get-orders';

const BOM = '\uFEFF';

/**
 * GET /c/orders/export, then the browser saves it. Fetched with the session headers (a plain link
 * would carry none), so a refusal (too many orders, a bad range) shows the server's message as any
 * other call's does. The text gets back the byte order mark that the browser drops while decoding,
 * so that Excel reads it as UTF-8.
 */
export async function exportOrders(direction: OrderDirection, type: OrderType, filters: OrderFilters): Promise<void> {
  const response = await http.get<string>('/c/orders/export', { params: { direction, type, ...filters } });
  const blob = new Blob([BOM + String(response.data).replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  startBrowserDownload(url, orderExportFileName(direction, type, filters.startTime, filters.endTime));
  // The download holds its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
