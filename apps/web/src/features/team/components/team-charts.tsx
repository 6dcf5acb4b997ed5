import { Card, Segmented, Skeleton } from 'antd';
import type { TeamStatGranularity } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyBarChart } from '../../../components/daily-bar-chart';
import { LoadFailed } from '../../../components/load-failed';
import { formatYuan } from '../../../lib/format';
import { useTeamRevenueStat } from '../api/team-api';
import { periodTick } from '../lib/team-display';

/** The rewards by the day (last 30 days) or month (last 12 months) of the payment, from `GET /c/team/revenueStat`. */
export function TeamCharts() {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<TeamStatGranularity>('day');
  const stat = useTeamRevenueStat(granularity);

  let body;
  if (stat.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (stat.isError) body = <LoadFailed title={t('team.chart.loadFailed')} query={stat} />;
  else {
    const rows = stat.data.points.map((point) => ({ ...point, day: point.period }));
    const total = rows.reduce((sum, row) => sum + row.totalFen, 0);
    body = (
      <div data-testid="team-chart" data-granularity={granularity}>
        <DailyBarChart
          rows={rows}
          value={(row) => row.totalFen}
          format={formatYuan}
          label={t('team.chart.label', {
            context: granularity,
            start: stat.data.startTime,
            end: stat.data.endTime,
            total: formatYuan(total),
          })}
          caption={t('team.chart.title')}
          dayTitle={t(`team.chart.period.${granularity}`)}
          columns={[
            { title: t('team.chart.flow'), cell: (row) => formatYuan(row.flowFen) },
            { title: t('team.chart.project'), cell: (row) => formatYuan(row.projectFen) },
            { title: t('team.chart.total'), cell: (row) => formatYuan(row.totalFen) },
          ]}
          emptyText={t('team.chart.empty', { context: granularity })}
          tick={(period) => periodTick(granularity, period)}
        />
      </div>
    );
  }

  return (
    <Card
      size="small"
      className="team-panel__chart"
      title={t('team.chart.title')}
      extra={
        <Segmented<TeamStatGranularity>
          size="small"
          value={granularity}
          onChange={setGranularity}
          options={[
            { value: 'day', label: t('team.chart.day') },
            { value: 'month', label: t('team.chart.month') },
          ]}
          data-testid="team-chart-granularity"
        />
      }
    >
      {body}
    </Card>
  );
}
