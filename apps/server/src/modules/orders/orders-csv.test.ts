import type { OrderRecord } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { csvCell, ordersToCsv } from './orders-csv.js';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a name as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('ordersToCsv', () => {
  const order: OrderRecord = {
    id: 'orientation:7',
    orderNo: 'T20261127000007',
    refundedFen: 0,
    type: 'orientation',
    item: { kind: 'work', workName: '样板间, 二期', workUid: 'abc' },
    counterpart: { uid: 'u1', name: 'Ann' },
    provider: null,
    amountFen: 100_005,
    status: 'closed',
    sourceStatus: 'withdrawn',
    createdAt: Date.UTC(2026, 10, 27, 8, 30, 5),
    completedAt: null,
  };

  it('writes a BOM, the header row and one CRLF line per order, amounts in yuan', () => {
    expect(ordersToCsv([order], 'en')).toBe(
      '\uFEFFOrder no.,Item,Counterpart,Amount (CNY),Status,Placed at (UTC),Completed at (UTC)\r\n' +
        'T20261127000007,"样板间, 二期",Ann,1000.05,Withdrawn,2026-11-27 08:30:05,\r\n',
    );
    const flow: OrderRecord = { ...order, item: { kind: 'flow', months: 1 }, counterpart: null, provider: 'wechat', amountFen: 3000 };
    expect(ordersToCsv([flow], 'zh').split('\r\n')[1]).toBe(
      'T20261127000007,流量余额充值（1 个月套餐）,微信支付,30.00,已撤回,2026-11-27 08:30:05,',
    );
  });

  it('names a counterpart who never chose a name in the reader language', () => {
    const unnamed: OrderRecord = { ...order, counterpart: { uid: 'u2', name: 'PC用户' } };
    expect(ordersToCsv([unnamed], 'en').split('\r\n')[1]).toContain(',PC user,');
    expect(ordersToCsv([unnamed], 'zh').split('\r\n')[1]).toContain(',PC用户,');
  });
});
