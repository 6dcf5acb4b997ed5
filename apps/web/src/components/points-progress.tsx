import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { formatCount } from '../lib/format';

interface PointsProgressProps {
  /** How many of a point cloud's points the processing has been through; nothing shows without it. */
  points: { done: number; total: number } | null;
  className: string;
  testId: string;
}

/** "1,200 / 5,000 points" while a point cloud is processed, in the reader's number format. */
export function PointsProgress({ points, className, testId }: PointsProgressProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!points) return null;
  return (
    <span className={className} data-testid={testId}>
      {t('works.processing.points', {
        count: points.total,
        done: formatCount(points.done, language),
        total: formatCount(points.total, language),
      })}
    </span>
  );
}
