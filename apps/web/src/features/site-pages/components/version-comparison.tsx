import { CheckOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { formatYuan, type MembershipPriceTag, type MembershipVersionsContent } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import type { PageVariant } from './marketing-page';
import './site-pages.css';

/** A membership version as the membership module offers it: its name, price and tags (the ids match the content's). */
export interface ComparedVersion {
  id: number;
  name: string;
  monthlyPriceFen: number;
  trialDays: number;
  priceTags: MembershipPriceTag[];
}

interface VersionComparisonProps {
  content: MembershipVersionsContent;
  versions: readonly ComparedVersion[];
  variant: PageVariant;
  onApply: (versionId: number) => void;
}

/**
 * /product#versions: every version on offer with its price, trial, tags and what the operator wrote of it,
 * Apply under each. The versions and prices are the membership module's; only their descriptions are content.
 */
export function VersionComparison({ content, versions, variant, onApply }: VersionComparisonProps) {
  const { t } = useTranslation();
  return (
    <section
      id="versions"
      className={`site-section site-versions site-versions--${variant}`}
      aria-labelledby="site-versions-title"
      data-testid="version-comparison"
    >
      <h2 className="site-section__title" id="site-versions-title">
        {content.title}
      </h2>
      {content.subtitle && <p className="site-section__subtitle">{content.subtitle}</p>}
      <ul className="site-versions__grid">
        {versions.map((version) => {
          const text = content.versions.find((entry) => entry.versionId === version.id);
          return (
            <li
              key={version.id}
              className={`site-version${text?.recommended ? ' site-version--recommended' : ''}`}
              data-testid="compared-version"
              data-version-id={version.id}
            >
              {text?.recommended && <span className="site-version__ribbon">{t('sitePages.versions.recommended')}</span>}
              <h3 className="site-version__name">{version.name}</h3>
              {text?.tagline && <p className="site-version__tagline">{text.tagline}</p>}
              <p className="site-version__price">
                <span className="site-version__amount">{formatYuan(version.monthlyPriceFen)}</span>
                <span className="site-version__period">{t('sitePages.versions.perMonth')}</span>
              </p>
              <div className="site-version__tags">
                {version.trialDays > 0 && (
                  // antd's gold text on its pale fill is 2.8:1 (axe: color-contrast); this brown keeps the look at 7:1.
                  <Tag color="gold" style={{ color: '#7c4a03' }}>
                    {t('sitePages.versions.trialDays', { count: version.trialDays })}
                  </Tag>
                )}
                {version.priceTags.map((tag) => (
                  <Tag key={`${tag.label}-${tag.value}`}>
                    {tag.label} {tag.value}
                  </Tag>
                ))}
              </div>
              {text && text.features.length > 0 && (
                <ul className="site-version__features">
                  {text.features.map((feature, index) => (
                    <li key={index}>
                      <CheckOutlined aria-hidden className="site-version__check" /> {feature}
                    </li>
                  ))}
                </ul>
              )}
              <Button
                type={text?.recommended ? 'primary' : 'default'}
                size="large"
                block
                className="site-version__apply"
                onClick={() => onApply(version.id)}
                data-testid="compared-version-apply"
              >
                {t('sitePages.versions.apply')}
              </Button>
            </li>
          );
        })}
      </ul>
      {content.note && <p className="site-versions__note">{content.note}</p>}
    </section>
  );
}
