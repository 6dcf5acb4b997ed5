import { formatYuan, type HouseCard } from '@spatia/contract';
import { EnvironmentOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n';
import { formatCount } from '../../../lib/format';
import { workPagePath } from '../lib/space-paths';
import './spaces.css';

/** Monthly rent in whole yuan where it has no cents: ¥4,500. */
export function formatRent(rentFen: number): string {
  const text = formatYuan(rentFen);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** One house: cover, name, the rent, area and rooms when it is for rent, address and views; opens the work. */
export function HouseItem({ house }: { house: HouseCard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rental = house.rental;
  return (
    <Link className="sp-house" to={workPagePath(house.uid)} data-testid="space-house" data-uid={house.uid}>
      {house.coverUrl ? (
        <img className="sp-house__cover" src={house.coverUrl} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="sp-house__cover sp-house__cover--none" aria-hidden="true" />
      )}
      <span className="sp-house__text">
        <span className="sp-house__name">{house.name}</span>
        {rental && (
          <span className="sp-house__facts" data-testid="space-house-rental">
            <strong className="sp-house__rent">{t('spacePages.house.rent', { rent: formatRent(rental.rentFen) })}</strong>
            <span>{t('spacePages.house.area', { area: rental.area })}</span>
            <span>
              {t('spacePages.house.rooms', { bedrooms: rental.bedrooms, livingRooms: rental.livingRooms, bathrooms: rental.bathrooms })}
            </span>
          </span>
        )}
        {house.address && (
          <span className="sp-house__address">
            <EnvironmentOutline aria-hidden="true" /> {house.address}
          </span>
        )}
        <span className="sp-house__views">
          <EyeOutline aria-hidden="true" /> {formatCount(house.views, language)}
        </span>
      </span>
    </Link>
  );
}
