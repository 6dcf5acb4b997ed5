import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShowcase } from '../../../api/showcase';
import { SvgIcon } from '../../../components/svg-icon';
import { displayPersonName } from '../../../lib/person-name';
import './showcase-strip.css';

/**
 * Featured works of the official showcase as cards that open their public page. Hidden while loading
 * and when the showcase is empty, so a new platform shows no empty box.
 */
export function ShowcaseStrip() {
  const { t } = useTranslation();
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
                {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <SvgIcon icon={CompassOutlined} aria-hidden />}
                <span className="showcase__open">
                  <SvgIcon icon={EyeOutlined} aria-hidden /> {t('home.showcase.open')}
                </span>
              </span>
              <span className="showcase__name">{work.name}</span>
              <span className="showcase__owner">{displayPersonName(work.owner.name, t)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
