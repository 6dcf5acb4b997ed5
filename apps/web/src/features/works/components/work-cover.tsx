import type { WorkType } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkTypeIcon } from './work-type-icon';

interface WorkCoverProps {
  name: string;
  type: WorkType;
  coverUrl: string;
  size?: 'card' | 'thumb';
}

/** The cover image, or a quiet placeholder in the colours of the work's type (also when the image fails). */
export function WorkCover({ name, type, coverUrl, size = 'card' }: WorkCoverProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = coverUrl !== '' && failed !== coverUrl;
  return (
    <div className={`work-cover work-cover--${size} work-cover--${type}`}>
      {showImage ? (
        <img src={coverUrl} alt={t('works.list.coverAlt', { name })} loading="lazy" onError={() => setFailed(coverUrl)} />
      ) : (
        <div className="centered-overlay work-cover__placeholder" role="img" aria-label={t('works.list.noCover')}>
          <WorkTypeIcon type={type} />
          {size === 'card' && <span className="work-cover__placeholder-text">{t('works.list.noCover')}</span>}
        </div>
      )}
    </div>
  );
}
