import { Empty, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatBytes, formatNumber } from '../../../lib/format';
import { TRAFFIC_DAYS, useWorkTraffic } from '../api/get-work-traffic';
import { DailyBarChart } from '../../../components/daily-bar-chart';

type Measure = 'requests' | 'bytes';

/**
 * The work's traffic over the last 30 days (business days, as billing counts them): totals, and one bar
 * per day for requests or for data served. A table of the same numbers is there for screen readers.
 */
export function WorkTrafficChart({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const traffic = useWorkTraffic(uid);
  const [measure, setMeasure] = useState<Measure>('requests');

  if (traffic.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (traffic.isError) {
    return <LoadFailed title={t('works.traffic.loadFailed')} query={traffic} />;
  }

  // Every business day of the window, as the server counts them.
  const days = traffic.data.days;
  const format = (value: number) => (measure === 'bytes' ? formatBytes(value) : formatNumber(value));
  const values = days.map((day) => day[measure]);

  return (
    <section className="work-traffic" aria-labelledby="work-traffic-title" data-testid="work-traffic">
      <header className="work-traffic__head">
        <h3 id="work-traffic-title" className="work-traffic__title">
          {t('works.traffic.title', { count: TRAFFIC_DAYS })}
        </h3>
        <Segmented<Measure>
          size="small"
          value={measure}
          onChange={setMeasure}
          options={[
            { value: 'requests', label: t('works.traffic.requests') },
            { value: 'bytes', label: t('works.traffic.bytes') },
          ]}
        />
      </header>
      <div className="work-traffic__totals">
        <Statistic
          title={t('works.traffic.totalRequests')}
          value={traffic.data.requests}
          formatter={(value) => formatNumber(Number(value))}
        />
        <Statistic title={t('works.traffic.totalBytes')} value={traffic.data.bytes} formatter={(value) => formatBytes(Number(value))} />
      </div>
      {traffic.data.requests === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('works.traffic.empty')} data-testid="work-traffic-empty" />
      ) : (
        <DailyBarChart
          rows={days}
          value={(day) => day[measure]}
          format={format}
          label={t('works.traffic.chartLabel', {
            measure: t(`works.traffic.${measure}`),
            total: format(values.reduce((sum, value) => sum + value, 0)),
          })}
          caption={t('works.traffic.title', { count: TRAFFIC_DAYS })}
          dayTitle={t('works.traffic.day')}
          columns={[
            { title: t('works.traffic.requests'), cell: (day) => formatNumber(day.requests) },
            { title: t('works.traffic.bytes'), cell: (day) => formatBytes(day.bytes) },
          ]}
          listed={(day) => day.requests > 0}
          emptyText={t('works.traffic.empty')}
        />
      )}
      <p className="work-traffic__note">{t('works.traffic.note')}</p>
    </section>
  );
}
