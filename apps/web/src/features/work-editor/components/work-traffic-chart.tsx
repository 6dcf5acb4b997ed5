import { Button, Empty, Result, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../lib/format';
import { TRAFFIC_DAYS, useWorkTraffic } from '../api/get-work-traffic';
import { fillTrafficDays, niceCeiling } from '../lib/traffic-days';

type Measure = 'requests' | 'bytes';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 56;
const GAP = 2;

/**
 * The work's traffic over the last 30 days (UTC days, as billing counts them): totals, and one bar
 * per day for requests or for data served. A table of the same numbers is there for screen readers.
 */
export function WorkTrafficChart({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const traffic = useWorkTraffic(uid);
  const [measure, setMeasure] = useState<Measure>('requests');

  if (traffic.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (traffic.isError) {
    return (
      <Result
        status="warning"
        title={t('works.traffic.loadFailed')}
        subTitle={traffic.error.message || undefined}
        extra={<Button onClick={() => void traffic.refetch()}>{t('common.actions.retry')}</Button>}
      />
    );
  }

  const days = fillTrafficDays(traffic.data.days, TRAFFIC_DAYS);
  const format = (value: number) => (measure === 'bytes' ? formatBytes(value) : formatNumber(value));
  const values = days.map((day) => day[measure]);
  const top = niceCeiling(Math.max(...values));
  const barWidth = (WIDTH - AXIS) / days.length;

  return (
    <section className="work-traffic" aria-labelledby="work-traffic-title" data-testid="work-traffic">
      <header className="work-traffic__head">
        <h3 id="work-traffic-title" className="work-traffic__title">
          {t('works.traffic.title', { days: TRAFFIC_DAYS })}
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
        <figure className="work-traffic__figure">
          <svg
            className="work-traffic__chart"
            viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
            role="img"
            aria-label={t('works.traffic.chartLabel', {
              measure: t(`works.traffic.${measure}`),
              total: format(values.reduce((sum, value) => sum + value, 0)),
            })}
          >
            <line x1={AXIS} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="work-traffic__axis" />
            <line x1={AXIS} x2={WIDTH} y1={0.5} y2={0.5} className="work-traffic__grid" />
            <text x={AXIS - 4} y={10} textAnchor="end" className="work-traffic__tick">
              {format(top)}
            </text>
            {days.map((day, index) => {
              const height = (day[measure] / top) * (HEIGHT - 4);
              return (
                <rect
                  key={day.day}
                  x={AXIS + index * barWidth + GAP / 2}
                  y={HEIGHT - height}
                  width={Math.max(1, barWidth - GAP)}
                  height={height}
                  rx={2}
                  className="work-traffic__bar"
                >
                  <title>{`${day.day}: ${format(day[measure])}`}</title>
                </rect>
              );
            })}
            <text x={AXIS} y={HEIGHT + 15} className="work-traffic__tick">
              {days[0]!.day.slice(5)}
            </text>
            <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="work-traffic__tick">
              {days.at(-1)!.day.slice(5)}
            </text>
          </svg>
          <table className="visually-hidden">
            <caption>{t('works.traffic.title', { days: TRAFFIC_DAYS })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('works.traffic.day')}</th>
                <th scope="col">{t('works.traffic.requests')}</th>
                <th scope="col">{t('works.traffic.bytes')}</th>
              </tr>
            </thead>
            <tbody>
              {days
                .filter((day) => day.requests > 0)
                .map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td>{formatNumber(day.requests)}</td>
                    <td>{formatBytes(day.bytes)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </figure>
      )}
      <p className="work-traffic__note">{t('works.traffic.note')}</p>
    </section>
  );
}
