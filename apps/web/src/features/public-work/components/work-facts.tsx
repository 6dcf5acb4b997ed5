import type { WorkScene } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { formatBytes, formatCount } from '../../../lib/format';

/** "Model info" or "Point cloud info": the processed file's measures in human units, on one line. */
export function WorkFacts({ scene }: { scene: WorkScene }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const facts: string[] = [];
  if (scene.type === 'model3d') {
    const { after } = scene.manifest;
    facts.push(t('details.facts.triangles', { count: after.triangles, formatted: formatCount(after.triangles, language) }));
    facts.push(t('details.facts.fileSize', { size: formatBytes(after.fileBytes) }));
    if (after.textures > 0) facts.push(t('details.facts.textures', { count: after.textures, size: after.maxTextureSize }));
  } else {
    const { manifest } = scene;
    facts.push(t('details.facts.points', { count: manifest.points, formatted: formatCount(manifest.points, language) }));
    facts.push(t(manifest.attributes.rgb ? 'details.facts.colored' : 'details.facts.uncolored'));
    if (scene.measurements.measurements.length > 0)
      facts.push(t('details.facts.measurements', { count: scene.measurements.measurements.length }));
  }
  const title = scene.type === 'model3d' ? t('details.facts.modelTitle') : t('details.facts.pointCloudTitle');
  return (
    <p className="details-facts" data-testid="details-facts">
      <span className="details-facts__title">{title}</span>
      {facts.map((fact) => (
        <span key={fact} className="details-facts__item">
          {fact}
        </span>
      ))}
    </p>
  );
}
