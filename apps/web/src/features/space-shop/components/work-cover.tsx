import { useTranslation } from 'react-i18next';

const TYPES = ['panorama', 'model3d', 'pointcloud'] as const;

/** A work's cover, lazily loaded, with its type; a work without one shows its type on the template's colours. */
export function WorkCover({ src, type, className }: { src: string; type: string; className?: string }) {
  const { t } = useTranslation();
  const known = (TYPES as readonly string[]).includes(type) ? (type as (typeof TYPES)[number]) : null;
  return (
    <span className={`shop-cover${className ? ` ${className}` : ''}`}>
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <span className="shop-cover__none">{t('spaceShop.noCover')}</span>}
      {known && <span className="shop-cover__type">{t(`spaceShop.type.${known}`)}</span>}
    </span>
  );
}
