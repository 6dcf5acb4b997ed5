import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

interface BrandMarkProps {
  to?: string;
  compact?: boolean;
  inverted?: boolean;
}

/** The product's name and mark; links home. */
export function BrandMark({ to = '/', compact = false, inverted = false }: BrandMarkProps) {
  const { t } = useTranslation();
  // Unique per instance: a gradient defined inside a hidden copy of the mark would not paint.
  const gradientId = `brand-mark-${useId().replace(/:/g, '')}`;
  return (
    <Link
      to={to}
      className="brand-mark"
      aria-label={`${t('common.brand')} – ${t('common.actions.home')}`}
      style={{ color: inverted ? '#fff' : 'inherit' }}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4f7cff" />
            <stop offset="1" stopColor="#14b8a6" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <ellipse cx="16" cy="16" rx="10" ry="4.2" fill="none" stroke="#fff" strokeWidth="1.8" />
        <ellipse cx="16" cy="16" rx="4.2" ry="10" fill="none" stroke="#fff" strokeWidth="1.8" opacity="0.75" />
        <circle cx="16" cy="16" r="2.2" fill="#fff" />
      </svg>
      {!compact && <span className="brand-mark__name">{t('common.brand')}</span>}
    </Link>
  );
}
