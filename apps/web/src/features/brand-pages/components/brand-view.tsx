import { CompassOutlined, EyeOutlined, PhoneOutlined } from '@ant-design/icons';
import type { BrandFields, BrandWorkCard } from '@spatia/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textColourOn, workPath } from '../lib/brand-paths';
import './brand-pages.css';

/** The brand's band: colour, logo, name, introduction and contact line. */
export function BrandHeader({ brand, children }: { brand: BrandFields; children?: ReactNode }) {
  const { t } = useTranslation();
  const style = { '--brand-colour': brand.brandColour, '--brand-text': textColourOn(brand.brandColour) } as CSSProperties;
  return (
    <header className="brand-header" style={style} data-testid="brand-header">
      {brand.logoUrl && <img className="brand-header__logo" src={brand.logoUrl} alt="" />}
      <h1 className="brand-header__name">{brand.brandName}</h1>
      {brand.intro && <p className="brand-header__intro">{brand.intro}</p>}
      {brand.contact && (
        <p className="brand-header__contact">
          <PhoneOutlined aria-hidden /> <span className="visually-hidden">{t('brandPages.public.contact')}: </span>
          {brand.contact}
        </p>
      )}
      {children}
    </header>
  );
}

/** The works as cards that open their public page (`/details/{uid}`). */
export function BrandWorkGrid({ works, testId = 'brand-works' }: { works: readonly BrandWorkCard[]; testId?: string }) {
  const { t } = useTranslation();
  if (works.length === 0) return <p className="brand-works__empty">{t('brandPages.public.noWorks')}</p>;
  return (
    <ul className="brand-works" data-testid={testId}>
      {works.map((work) => (
        <li key={work.uid}>
          <Link to={workPath(work.uid)} className="brand-works__card" data-testid="brand-work-card">
            <span className="brand-works__cover">
              {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <CompassOutlined aria-hidden />}
            </span>
            <span className="brand-works__name">{work.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A showcase as visitors see it; also the console's preview. */
export function ShowcaseView({
  showcase,
  visitCount,
}: {
  showcase: BrandFields & { works: readonly BrandWorkCard[] };
  visitCount: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="brand-page" data-testid="showcase-view">
      <BrandHeader brand={showcase}>
        <p className="brand-header__visits" data-testid="showcase-visits">
          <EyeOutlined aria-hidden /> {t('brandPages.public.visits', { count: visitCount })}
        </p>
      </BrandHeader>
      <main className="brand-page__main">
        <h2 className="brand-page__section">{t('brandPages.public.works')}</h2>
        <BrandWorkGrid works={showcase.works.filter((work) => work.available)} />
      </main>
      <footer className="brand-page__footer">
        <Link to="/">{t('brandPages.public.poweredBy')}</Link>
      </footer>
    </div>
  );
}
