import type { Language, Lead } from '@spatia/contract';

const HEADERS: Record<Language, string[]> = {
  zh: ['提交时间（UTC）', '落地页', '姓名', '手机号', '公司', '留言', '已处理'],
  en: ['Submitted (UTC)', 'Landing page', 'Name', 'Phone', 'Company', 'Message', 'Handled'],
};
const YES_NO: Record<Language, [string, string]> = { zh: ['是', '否'], en: ['yes', 'no'] };
/** Excel opens a UTF-8 file with a byte-order mark as UTF-8 (Chinese names stay readable). */
const BOM = '\uFEFF';

/** The leads as a CSV file in the owner's language; cells a spreadsheet would run as a formula are quoted as text. */
export function leadsCsv(leads: readonly Lead[], language: Language): string {
  const [yes, no] = YES_NO[language];
  const lines = [
    HEADERS[language],
    ...leads.map((lead) => [
      new Date(lead.createdAt).toISOString().slice(0, 19).replace('T', ' '),
      lead.landingPageHeadline,
      lead.name,
      lead.phone,
      lead.company,
      lead.message,
      lead.handled ? yes : no,
    ]),
  ];
  return BOM + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
