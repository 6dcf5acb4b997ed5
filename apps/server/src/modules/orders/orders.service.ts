import {
  hasRole,
  isOrderPage,
  ORDER_EXPORT_MAX_ROWS,
  orderExportFileName,
  orderPageNeedsMerchant,
  Role,
  type AccessSubject,
  type Language,
  type OrderDirection,
  type OrderPage,
  type OrderStatus,
  type OrderType,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import type { OrderSource, OrderSources } from './order-sources.js';
import { ordersToCsv } from './orders-csv.js';

export interface OrderQuery {
  direction: OrderDirection;
  type: OrderType;
  status?: OrderStatus;
  /** `YYYY-MM-DD`, both days included (business days); an open end when left out. */
  startTime?: string;
  endTime?: string;
}

type Caller = AccessSubject & { id: number };

/**
 * The console's order pages (docs/orders.md): what a person bought and sold, one kind of order at a
 * time, read from the module that owns each kind through its order source.
 */
export class OrdersService {
  constructor(
    private readonly sources: OrderSources,
    private readonly calendar = new BusinessCalendar(),
  ) {}

  async list(caller: Caller, query: OrderQuery, pageNum: number, pageSize: number, language: Language = 'zh'): Promise<OrderPage> {
    const source = this.sourceFor(caller, query);
    const filter = { status: query.status, language, ...this.calendar.parseDayRange(query.startTime, query.endTime) };
    const { rows, total, completed } = await source.list(caller.id, filter, { limit: pageSize, offset: (pageNum - 1) * pageSize });
    return {
      list: rows,
      total,
      pageNum,
      pageSize,
      totals: { count: total, amountFen: completed.amountFen, completedCount: completed.count },
    };
  }

  /** Every order the filters match as CSV in `language`, or 1633 when they are more than an export holds. */
  async exportCsv(caller: Caller, query: OrderQuery, language: Language): Promise<{ fileName: string; csv: string }> {
    const source = this.sourceFor(caller, query);
    const filter = { status: query.status, language, ...this.calendar.parseDayRange(query.startTime, query.endTime) };
    const { rows, total } = await source.list(caller.id, filter, { limit: ORDER_EXPORT_MAX_ROWS + 1, offset: 0 });
    if (rows.length > ORDER_EXPORT_MAX_ROWS) throw fail('orderExportTooLarge', { count: total, max: ORDER_EXPORT_MAX_ROWS });
    return {
      fileName: orderExportFileName(query.direction, query.type, query.startTime, query.endTime),
      csv: ordersToCsv(rows, language),
    };
  }

  private sourceFor(caller: Caller, { direction, type }: OrderQuery): OrderSource {
    const source = isOrderPage(direction, type) ? this.sources[direction][type] : undefined;
    if (!source) throw fail('orderTypeNotInDirection', { direction, type });
    if (orderPageNeedsMerchant(direction, type) && !hasRole(caller, Role.merchant)) throw fail('missingRole', { roles: Role.merchant });
    return source;
  }
}
