import { Collapse } from 'antd';
import type { ProductContent } from '@spatia/contract';
import type { ReactNode } from 'react';
import { SectionVisual } from './site-illustration';
import { SiteLinkButton } from './site-link';
import './site-pages.css';

export type PageVariant = 'desktop' | 'mobile';

interface MarketingPageProps {
  /** The page in the reader's language (the enterprise page's content has the same parts and a contact block). */
  content: ProductContent;
  variant: PageVariant;
  /** Sections of the page's own between the steps and the questions (/product's version comparison, /enterprise's contact). */
  children?: ReactNode;
  testId: string;
}

/**
 * /product and /enterprise: a hero with its call to action and figures, the features, the steps and the
 * questions. The desktop variant sets features in a grid and steps in a row; the mobile one (360–390 px)
 * stacks the hero, swipes through the features, draws the steps as a timeline and folds the answers.
 */
export function MarketingPage({ content, variant, children, testId }: MarketingPageProps) {
  const { hero } = content;
  const mobile = variant === 'mobile';
  return (
    <div className={`site-page site-page--${variant}`} data-testid={testId} data-variant={variant}>
      <section className="site-hero">
        <div className="site-hero__inner">
          <div className="site-hero__text">
            {hero.eyebrow && <p className="site-hero__eyebrow">{hero.eyebrow}</p>}
            <h1 className="site-hero__title" data-testid="site-hero-title">
              {hero.title}
            </h1>
            <p className="site-hero__subtitle">{hero.subtitle}</p>
            {hero.ctaLabel && hero.ctaLink && (
              <SiteLinkButton link={hero.ctaLink} type="primary" size="large" block={mobile} className="site-hero__cta">
                {hero.ctaLabel}
              </SiteLinkButton>
            )}
          </div>
          <div className="site-hero__visual">
            <SectionVisual imageUrl={hero.imageUrl} illustration={hero.illustration} size="hero" />
          </div>
        </div>
        {content.highlights.length > 0 && (
          <dl className="site-highlights">
            {content.highlights.map((highlight, index) => (
              <div key={index} className="site-highlights__item">
                <dt className="site-highlights__label">{highlight.label}</dt>
                <dd className="site-highlights__value">{highlight.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="site-section" aria-labelledby={`${testId}-features`}>
        <h2 className="site-section__title" id={`${testId}-features`}>
          {content.featuresTitle}
        </h2>
        {/* On a phone the row scrolls sideways: focusable so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
        <ul className="site-features" tabIndex={0} aria-labelledby={`${testId}-features`}>
          {content.features.map((feature, index) => (
            <li key={index} className="site-feature">
              <SectionVisual imageUrl={feature.imageUrl} illustration={feature.illustration} />
              <div className="site-feature__body">
                <h3 className="site-feature__title">{feature.title}</h3>
                <p className="site-feature__text">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {content.steps.length > 0 && (
        <section className="site-section site-section--tinted" aria-labelledby={`${testId}-steps`}>
          <h2 className="site-section__title" id={`${testId}-steps`}>
            {content.stepsTitle}
          </h2>
          <ol className="site-steps">
            {content.steps.map((step, index) => (
              <li key={index} className="site-step">
                <span className="site-step__number" aria-hidden>
                  {index + 1}
                </span>
                <div>
                  <h3 className="site-step__title">{step.title}</h3>
                  <p className="site-step__text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}

      {children}

      {content.faq.length > 0 && (
        <section className="site-section" aria-labelledby={`${testId}-faq`}>
          <h2 className="site-section__title" id={`${testId}-faq`}>
            {content.faqTitle}
          </h2>
          {mobile ? (
            <Collapse
              className="site-faq-collapse"
              expandIconPlacement="end"
              items={content.faq.map((item, index) => ({
                key: index,
                label: item.question,
                children: <p className="site-faq__answer">{item.answer}</p>,
              }))}
            />
          ) : (
            <dl className="site-faq">
              {content.faq.map((item, index) => (
                <div key={index} className="site-faq__item">
                  <dt className="site-faq__question">{item.question}</dt>
                  <dd className="site-faq__answer">{item.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}
    </div>
  );
}
