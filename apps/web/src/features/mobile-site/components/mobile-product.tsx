import {
  formatYuan,
  isExternalLink,
  type MembershipPriceTag,
  type MembershipVersionsContent,
  type ProductContent,
  type SiteIllustration,
} from '@spatia/contract';
import { Button, Collapse, Skeleton, Steps, Tag } from 'antd-mobile';
import {
  CameraOutline,
  CheckOutline,
  CheckShieldOutline,
  CompassOutline,
  DownlandOutline,
  EditSOutline,
  GlobalOutline,
  PayCircleOutline,
  ShopbagOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveSitePage } from '../../../api/site-pages';
import { MobileState } from '../../../components/mobile-state';
import { useLanguage } from '../../../i18n';
import './mobile-site.css';

const ICONS: Record<SiteIllustration, ComponentType> = {
  panorama: CompassOutline,
  model: GlobalOutline,
  pointCloud: UnorderedListOutline,
  editor: EditSOutline,
  share: GlobalOutline,
  offline: DownlandOutline,
  market: ShopbagOutline,
  wallet: PayCircleOutline,
  team: TeamOutline,
  brand: StarOutline,
  support: CameraOutline,
  security: CheckShieldOutline,
};

/** A section's picture: the operator's image, else a tile with its theme's icon (decorative). */
function Visual({ imageUrl, illustration, hero = false }: { imageUrl: string; illustration: SiteIllustration; hero?: boolean }) {
  const Icon = ICONS[illustration];
  return (
    <span className={`m-visual m-visual--${illustration}${hero ? ' m-visual--hero' : ''}`} aria-hidden>
      {imageUrl ? <img src={imageUrl} alt="" loading="lazy" /> : <Icon />}
    </span>
  );
}

/** The operator's call to action: a path of this site, an anchor of this page, or an address elsewhere. */
function CallToAction({ link, children }: { link: string; children: ReactNode }) {
  const navigate = useNavigate();
  if (isExternalLink(link))
    return (
      <a className="m-product__cta m-product__cta--link" href={link} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  const anchor = link.startsWith('#') ? link : link.startsWith('/product#') ? link.slice('/product'.length) : '';
  return (
    <Button
      color="primary"
      size="large"
      block
      className="m-product__cta"
      onClick={() => {
        if (anchor) document.getElementById(anchor.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        else void navigate(link);
      }}
    >
      {children}
    </Button>
  );
}

/** A membership version on offer: its name, price, trial and the tags that say more than those. */
export interface MobileVersion {
  id: number;
  name: string;
  monthlyPriceFen: number;
  trialDays: number;
  priceTags: MembershipPriceTag[];
}

interface MobileProductProps {
  /** The membership module's versions (the same the desktop comparison shows), and whether they are still loading. */
  versions: readonly MobileVersion[];
  versionsPending: boolean;
  /** Apply on a version: the page decides (sign in first, or the membership application). */
  onApply: (versionId: number) => void;
  /** The Apply buttons say "sign in to apply" to a visitor. */
  signedIn: boolean;
}

/**
 * /mobile/product's body: the live product page (the same content as the desktop /product) laid out for a
 * thumb: the hero and its call to action, the figures in two columns, the features as one column of cards, the
 * steps as a timeline, the membership versions as cards each with Apply, and the questions folded.
 */
export function MobileProduct({ versions, versionsPending, onApply, signedIn }: MobileProductProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const product = useLiveSitePage('product');
  const comparison = useLiveSitePage('membershipVersions');

  if (!product.data || !comparison.data) {
    if (product.isError || comparison.isError)
      return (
        <MobileState kind="failed" title={t('mobileSite.product.failed')}>
          <Button color="primary" onClick={() => void Promise.all([product.refetch(), comparison.refetch()])}>
            {t('mobileSite.product.retry')}
          </Button>
        </MobileState>
      );
    return (
      <div className="m-product__loading" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }

  const content: ProductContent = product.data.content[language];
  const { hero } = content;
  return (
    <div className="m-product" data-testid="mobile-product">
      <section className="m-product__hero">
        <Visual imageUrl={hero.imageUrl} illustration={hero.illustration} hero />
        {hero.eyebrow && <p className="m-product__eyebrow">{hero.eyebrow}</p>}
        <h2 className="m-product__title">{hero.title}</h2>
        <p className="m-product__subtitle">{hero.subtitle}</p>
        {hero.ctaLabel && hero.ctaLink && <CallToAction link={hero.ctaLink}>{hero.ctaLabel}</CallToAction>}
        {content.highlights.length > 0 && (
          <dl className="m-product__highlights">
            {content.highlights.map((highlight, index) => (
              <div key={index}>
                <dd>{highlight.value}</dd>
                <dt>{highlight.label}</dt>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="m-section" aria-labelledby="m-product-features">
        <h2 className="m-section__title" id="m-product-features">
          {content.featuresTitle}
        </h2>
        <ul className="m-product__features">
          {content.features.map((feature, index) => (
            <li key={index} className="m-product__feature">
              <Visual imageUrl={feature.imageUrl} illustration={feature.illustration} />
              <div>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {content.steps.length > 0 && (
        <section className="m-section" aria-labelledby="m-product-steps">
          <h2 className="m-section__title" id="m-product-steps">
            {content.stepsTitle}
          </h2>
          <Steps direction="vertical" className="m-product__steps">
            {content.steps.map((step, index) => (
              <Steps.Step key={index} status="process" title={step.title} description={step.text} />
            ))}
          </Steps>
        </section>
      )}

      <Versions
        content={comparison.data.content[language]}
        versions={versions}
        versionsPending={versionsPending}
        onApply={onApply}
        signedIn={signedIn}
      />

      {content.faq.length > 0 && (
        <section className="m-section" aria-labelledby="m-product-faq">
          <h2 className="m-section__title" id="m-product-faq">
            {content.faqTitle}
          </h2>
          <Collapse className="m-product__faq">
            {content.faq.map((item, index) => (
              <Collapse.Panel key={String(index)} title={item.question}>
                {item.answer}
              </Collapse.Panel>
            ))}
          </Collapse>
        </section>
      )}
    </div>
  );
}

/** The membership versions on offer (prices from the membership module, words from the page's content). */
function Versions({ content, versions, versionsPending, onApply, signedIn }: { content: MembershipVersionsContent } & MobileProductProps) {
  const { t } = useTranslation();
  return (
    <section id="versions" className="m-section m-versions" aria-labelledby="m-product-versions" data-testid="mobile-versions">
      <h2 className="m-section__title" id="m-product-versions">
        {content.title || t('mobileSite.product.versions')}
      </h2>
      {content.subtitle && <p className="m-section__subtitle">{content.subtitle}</p>}
      {versionsPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : versions.length === 0 ? (
        <p className="m-section__subtitle">{t('mobileSite.product.noVersions')}</p>
      ) : (
        <ul className="m-versions__list">
          {versions.map((version) => {
            const text = content.versions.find((entry) => entry.versionId === version.id);
            return (
              <li
                key={version.id}
                className={`m-version${text?.recommended ? ' m-version--recommended' : ''}`}
                data-testid="mobile-version"
                data-version-id={version.id}
              >
                <div className="m-version__head">
                  <h3 className="m-version__name">{version.name}</h3>
                  {text?.recommended && <Tag color="primary">{t('mobileSite.product.recommended')}</Tag>}
                </div>
                {text?.tagline && <p className="m-version__tagline">{text.tagline}</p>}
                <p className="m-version__price">
                  <strong>{formatYuan(version.monthlyPriceFen)}</strong> {t('mobileSite.product.perMonth')}
                </p>
                <div className="m-version__tags">
                  {version.trialDays > 0 && (
                    // antd-mobile's warning orange is 2.3:1 on white; a darker one reads.
                    <Tag color="#ad4e00" fill="outline">
                      {t('mobileSite.product.trialDays', { count: version.trialDays })}
                    </Tag>
                  )}
                  {version.priceTags.map((tag) => (
                    <Tag key={`${tag.label}-${tag.value}`} fill="outline" color="default">
                      {tag.label} {tag.value}
                    </Tag>
                  ))}
                </div>
                {text && text.features.length > 0 && (
                  <ul className="m-version__features">
                    {text.features.map((feature, index) => (
                      <li key={index}>
                        <CheckOutline aria-hidden /> {feature}
                      </li>
                    ))}
                  </ul>
                )}
                <Button
                  color="primary"
                  fill={text?.recommended ? 'solid' : 'outline'}
                  block
                  size="large"
                  onClick={() => onApply(version.id)}
                  data-testid="mobile-version-apply"
                >
                  {signedIn ? t('mobileSite.product.apply') : t('mobileSite.product.signInToApply')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {content.note && <p className="m-versions__note">{content.note}</p>}
    </section>
  );
}
