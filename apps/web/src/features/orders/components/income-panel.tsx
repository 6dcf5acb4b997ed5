import { Alert, Button, Card, DatePicker, Empty, Skeleton, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { INCOME_MAX_DAYS, INCOME_SOURCES, type IncomeRecord } from '@spatia/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DailyBarChart } from '../../../components/daily-bar-chart';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { formatDate, formatYuan } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paged-filters';
import { useUi } from '../../../stores/ui-store';
import { useIncome } from '../api/get-income';
import { incomeRangeProblem, readDayRange } from '../lib/order-filters';
import './orders.css';

const PAGE_SIZE = 10;

/**
 * `/recode/income`: what the person earned in a range of days (the last 30 by default): the total, what
 * can be withdrawn now, a bar per day, the share of each source, and the records.
 */
export function IncomePanel() {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const [params, setParams] = useSearchParams();
  const range = readDayRange(params);
  const paging = usePaging(PAGE_SIZE);
  const { pageNum } = paging;
  const [problem, setProblem] = useState<'reversed' | 'tooLong' | null>(null);
  const income = useIncome({ ...range, pageNum, pageSize: PAGE_SIZE });

  const changeRange = (startTime: string | undefined, endTime: string | undefined) => {
    const found = startTime && endTime ? incomeRangeProblem(startTime, endTime) : null;
    setProblem(found);
    if (found) return;
    setParams(startTime && endTime ? new URLSearchParams({ startTime, endTime }) : new URLSearchParams(), { replace: true });
    paging.onPageChange(1);
  };

  if (income.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (income.isError && !income.data) {
    return <LoadFailed title={t('income.loadFailed')} query={income} testId="income-error" />;
  }

  const stat = income.data;
  const sources = INCOME_SOURCES.map((source) => stat.bySource.find((sum) => sum.source === source) ?? { source, amountFen: 0, count: 0 });
  const days = stat.byDay.length;

  const columns: TableColumnsType<IncomeRecord> = [
    { key: 'at', title: t('income.columns.at'), width: 180, render: (_, record) => formatDate(record.at) },
    {
      key: 'source',
      title: t('income.columns.source'),
      width: 140,
      render: (_, record) => <Tag color="blue">{t(`income.sources.${record.source}`)}</Tag>,
    },
    { key: 'description', title: t('income.columns.description'), render: (_, record) => record.description },
    {
      key: 'amount',
      title: t('income.columns.amount'),
      align: 'right',
      width: 140,
      render: (_, record) => <span className="income-panel__amount">+{formatYuan(record.amountFen)}</span>,
    },
  ];

  return (
    <div className="income-panel" data-testid="income-panel">
      <div className="income-panel__toolbar">
        <DatePicker.RangePicker
          className="income-panel__range"
          aria-label={t('income.range')}
          allowClear={false}
          value={[dayjs(stat.startTime), dayjs(stat.endTime)]}
          onChange={(next) => changeRange(next?.[0]?.format('YYYY-MM-DD'), next?.[1]?.format('YYYY-MM-DD'))}
          presets={[
            // The server's today (a business day), not the browser's.
            { label: t('income.lastDays', { count: 7 }), value: [dayjs(stat.today).subtract(6, 'day'), dayjs(stat.today)] },
            { label: t('income.lastDays', { count: 30 }), value: [dayjs(stat.today).subtract(29, 'day'), dayjs(stat.today)] },
            { label: t('income.lastDays', { count: 90 }), value: [dayjs(stat.today).subtract(89, 'day'), dayjs(stat.today)] },
          ]}
        />
        {range.startTime && <Button onClick={() => changeRange(undefined, undefined)}>{t('income.lastDays', { count: 30 })}</Button>}
      </div>
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={t(`income.rangeProblem.${problem}`, { count: INCOME_MAX_DAYS })}
          closable={{ onClose: () => setProblem(null) }}
        />
      )}
      <section className="income-panel__cards" aria-label={t('income.summary')}>
        <Card size="small">
          <Statistic
            title={t('income.total', { start: stat.startTime, end: stat.endTime })}
            value={formatYuan(stat.totalFen)}
            data-testid="income-total"
          />
        </Card>
        <Card size="small">
          <Statistic title={t('income.withdrawable')} value={formatYuan(stat.withdrawableFen)} data-testid="income-withdrawable" />
          <Link to="/wallet/withdraw" className="income-panel__withdraw">
            {t('income.withdraw')}
          </Link>
        </Card>
        <Card size="small">
          <Statistic title={t('income.count')} value={stat.records.total} />
        </Card>
      </section>
      <div className="income-panel__grid">
        <Card size="small" title={t('income.byDay')}>
          <DailyBarChart
            rows={stat.byDay}
            value={(row) => row.amountFen}
            format={formatYuan}
            label={t('income.chartLabel', { count: days, total: formatYuan(stat.totalFen) })}
            caption={t('income.byDay')}
            dayTitle={t('income.columns.day')}
            columns={[{ title: t('income.columns.amount'), cell: (row) => formatYuan(row.amountFen) }]}
            emptyText={t('income.chartEmpty')}
          />
        </Card>
        <Card size="small" title={t('income.bySource')}>
          <ul className="income-panel__sources" aria-label={t('income.bySource')} data-testid="income-sources">
            {sources.map((sum) => (
              <li key={sum.source} className="income-panel__source">
                <span>
                  {t(`income.sources.${sum.source}`)} · {t('income.records', { count: sum.count })}
                </span>
                <span className="income-panel__source-amount">{formatYuan(sum.amountFen)}</span>
                <span className="income-panel__source-bar" aria-hidden="true">
                  <span style={{ width: stat.totalFen > 0 ? `${(sum.amountFen / stat.totalFen) * 100}%` : 0 }} />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card size="small" title={t('income.recordsTitle')}>
        <Table<IncomeRecord>
          rowKey="id"
          size={isMobile ? 'small' : 'middle'}
          aria-label={t('income.recordsTitle')}
          data-testid="income-records"
          columns={columns}
          dataSource={stat.records.list}
          loading={income.isFetching}
          scroll={isMobile ? { x: 600 } : undefined}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('income.empty')} /> }}
          pagination={tablePagination(paging, stat.records.total, { hideOnSinglePage: true, simple: isMobile })}
        />
      </Card>
    </div>
  );
}
