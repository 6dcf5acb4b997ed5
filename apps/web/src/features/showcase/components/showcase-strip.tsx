import { CompassOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShowcase } from '../../../api/showcase';
import { usePersonName } from '../../../lib/use-person-name';
import './showcase-strip.css';

/**
 * Featured works of the official showcase as cards that open their public page. Hidden while loading
 * and when the showcase is empty, so a new platform shows no empty box.
 */
export function ShowcaseStrip() {
  const { t } = useTranslation();
  const personName = usePersonName();
  const showcase = useShowcase();
  const works = showcase.data?.list ?? [];
  if (works.length === 0) return null;
  return (
    <section className="showcase" aria-labelledby="showcase-title" data-testid="showcase">
      <h2 id="showcase-title" className="showcase__title">
        {t('home.showcase.title')}
      </h2>
      <p className="showcase__subtitle">{t('home.showcase.subtitle')}</p>
      <ul className="showcase__list">
        {works.map((work) => (
          <li key={work.uid}>
            <Link to={`/details/${encodeURIComponent(work.uid)}`} className="showcase__card">
              <span className="showcase__cover">
                {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <CompassOutlined aria-hidden />}
                <span className="showcase__open">
                  <EyeOutlined aria-hidden /> {t('home.showcase.open')}
                </span>
              </span>
              <span className="showcase__name">{work.name}</span>
              <span className="showcase__owner">{personName(work.owner.name)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
