import { fenToYuan, nameForReader, type Language, type OrderRecord, type OrderSourceStatus, type PaymentProvider } from '@spatia/contract';

/** What the export's cells say, in the caller's language. */
const words = {
  zh: {
    headers: ['订单号', '商品', '交易对方', '金额（元）', '状态', '下单时间（UTC）', '完成时间（UTC）'],
    flow: (months: number) => `流量余额充值（${months} 个月套餐）`,
    membership: (versionName: string, months: number) => `会员续费 ${versionName} ${months} 个月`,
    balance: '余额支付',
    providers: { wechat: '微信支付', alipay: '支付宝', sandbox: '测试支付（沙箱）' },
    statuses: {
      pendingPayment: '待支付',
      pending: '待确认',
      paid: '已支付',
      partlyRefunded: '部分退款',
      refunded: '已退款',
      closed: '已关闭',
      confirmed: '已完成',
      rejected: '已拒绝',
      withdrawn: '已撤回',
      expired: '已过期',
      placed: '待支付',
      accepted: '已接单',
      shot: '已拍摄',
      delivered: '已交付',
      completed: '已完成',
      cancelled: '已取消',
    },
  },
  en: {
    headers: ['Order no.', 'Item', 'Counterpart', 'Amount (CNY)', 'Status', 'Placed at (UTC)', 'Completed at (UTC)'],
    flow: (months: number) => `Traffic balance recharge, ${months}-month plan`,
    membership: (versionName: string, months: number) =>
      `Membership renewal, ${versionName}, ${months} ${months === 1 ? 'month' : 'months'}`,
    balance: 'Balance',
    providers: { wechat: 'WeChat Pay', alipay: 'Alipay', sandbox: 'Test payment (sandbox)' },
    statuses: {
      pendingPayment: 'Awaiting payment',
      pending: 'Awaiting confirmation',
      paid: 'Paid',
      partlyRefunded: 'Partly refunded',
      refunded: 'Refunded',
      closed: 'Closed',
      confirmed: 'Completed',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
      expired: 'Expired',
      placed: 'Awaiting payment',
      accepted: 'Accepted',
      shot: 'Shot',
      delivered: 'Delivered',
      completed: 'Completed',
      cancelled: 'Cancelled',
    },
  },
} satisfies Record<
  Language,
  {
    headers: string[];
    flow: (months: number) => string;
    membership: (versionName: string, months: number) => string;
    /** Who a membership paid from the balance was paid to: the payment method. */
    balance: string;
    providers: Record<PaymentProvider, string>;
    /** `pendingPayment`: a recharge waiting to be paid; `pending`: a sale waiting for its buyer's answer. */
    statuses: Record<OrderSourceStatus | 'pendingPayment', string>;
  }
>;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * Orders as CSV (RFC 4180, CRLF lines) with a header row in `language`; amounts in yuan with two
 * decimals, times in UTC. Work and person names are other people's text: a cell that a spreadsheet
 * would run as a formula is prefixed with an apostrophe. A person who never chose a name (the
 * registration default) is named in the reader's language.
 */
export function ordersToCsv(rows: readonly OrderRecord[], language: Language): string {
  const text = words[language];
  const lines = [text.headers];
  for (const row of rows) {
    lines.push([
      row.orderNo,
      itemText(row.item, text),
      row.counterpart
        ? nameForReader(row.counterpart.name, language)
        : row.provider
          ? text.providers[row.provider]
          : row.item.kind === 'membership'
            ? text.balance
            : '',
      fenToYuan(row.amountFen),
      text.statuses[row.sourceStatus === 'pending' && row.item.kind === 'flow' ? 'pendingPayment' : row.sourceStatus],
      utcTime(row.createdAt),
      row.completedAt === null ? '' : utcTime(row.completedAt),
    ]);
  }
  return BOM + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function itemText(item: OrderRecord['item'], text: (typeof words)[Language]): string {
  switch (item.kind) {
    case 'flow':
      return text.flow(item.months);
    case 'membership':
      return text.membership(item.versionName, item.months);
    case 'work':
      return item.workName;
    case 'service':
      return item.title;
  }
}

function utcTime(time: number): string {
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
