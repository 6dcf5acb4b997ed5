import type { WorkSummary, WorkType } from '@spatia/contract';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePersonName } from '../../../lib/person-name';

/** What a phone card shows of a work (a showcase work and a map work both have it). */
export interface MobileWorkCardData {
  uid: string;
  name: string;
  type: WorkType;
  coverUrl: string;
  /** The author's name, as given (shown as the reader sees names). */
  author: string;
}

/** A public work of a list as a card shows it. */
export const cardOfSummary = (work: WorkSummary): MobileWorkCardData => ({ ...work, author: work.owner.name });

/** A work as a thumb-sized card: cover, name, type and author; the whole card opens the work's public page. */
export function MobileWorkCard({ work, wide = false }: { work: MobileWorkCardData; wide?: boolean }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  return (
    <Link
      to={`/details/${encodeURIComponent(work.uid)}`}
      className={`m-work-card${wide ? ' m-work-card--wide' : ''}`}
      data-testid="mobile-work-card"
      data-uid={work.uid}
    >
      <span className="m-work-card__cover">
        {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <PictureOutline aria-hidden />}
        <span className="m-work-card__type">{t(`mobileSite.type.${work.type}`)}</span>
      </span>
      <span className="m-work-card__text">
        <strong className="m-work-card__name">{work.name}</strong>
        <span className="m-work-card__author">{t('mobileSite.work.by', { name: personName(work.author) })}</span>
      </span>
    </Link>
  );
}
