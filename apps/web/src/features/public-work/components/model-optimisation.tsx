import { Table } from 'antd';
import type { ModelManifest, ModelStats } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { formatBytes, formatCount } from '../../../lib/format';

type Measure = 'triangles' | 'textureBytes' | 'maxTextureSize' | 'fileBytes';

const MEASURES: readonly Measure[] = ['triangles', 'textureBytes', 'maxTextureSize', 'fileBytes'];

/** What processing did to the owner's model: each measure before and after, and the change. */
export function ModelOptimisation({ manifest }: { manifest: ModelManifest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const show = (measure: Measure, stats: ModelStats): string => {
    const value = stats[measure];
    if (measure === 'triangles') return formatCount(value, language);
    if (measure === 'maxTextureSize') return value > 0 ? `${value} px` : '—';
    return formatBytes(value);
  };
  const rows = MEASURES.map((measure) => ({
    measure,
    label: t(`details.optimisation.${measure}`),
    before: show(measure, manifest.before),
    after: show(measure, manifest.after),
    change: changeOf(manifest.before[measure], manifest.after[measure]),
  }));
  return (
    <section className="details-optimisation" data-testid="model-optimisation" aria-label={t('details.optimisation.title')}>
      <h2>{t('details.optimisation.title')}</h2>
      <Table
        size="small"
        pagination={false}
        rowKey="measure"
        dataSource={rows}
        columns={[
          { key: 'label', dataIndex: 'label', title: t('details.optimisation.measure') },
          { key: 'before', dataIndex: 'before', title: t('details.optimisation.before'), align: 'right' },
          { key: 'after', dataIndex: 'after', title: t('details.optimisation.after'), align: 'right' },
          { key: 'change', dataIndex: 'change', title: t('details.optimisation.change'), align: 'right' },
        ]}
      />
      <p className="details-optimisation__note">
        {t('details.optimisation.note', { formats: manifest.textureFormats.join(', ') || '—', compression: manifest.geometryCompression })}
      </p>
    </section>
  );
}

/** "−71 %", "+4 %", or "—" when nothing changed or there was nothing before. */
export function changeOf(before: number, after: number): string {
  if (before === 0 || before === after) return '—';
  const percent = Math.round(((after - before) / before) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`;
}
