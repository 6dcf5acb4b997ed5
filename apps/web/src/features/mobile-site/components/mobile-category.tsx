import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { categoryPath, MOBILE_CATEGORIES, type MobileCategory } from '../lib/categories';
import './mobile-site.css';

/** A sideways swipe longer than this (px), and more sideways than down, moves to the next or previous tab. */
const SWIPE_PX = 60;

/**
 * /mobile/category/{id}'s body: the kinds as tabs (tap one, or swipe the list sideways) over the list the page
 * gives (the public works of the kind). The tab is the address, so Back and a shared link keep it.
 */
export function MobileCategory({ category, children }: { category: MobileCategory; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const touch = useRef<{ x: number; y: number } | null>(null);
  const go = (next: MobileCategory) => void navigate(categoryPath(next), { replace: true });

  const swipe = (endX: number, endY: number) => {
    const start = touch.current;
    touch.current = null;
    if (!start) return;
    const dx = endX - start.x;
    const dy = endY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    const index = MOBILE_CATEGORIES.indexOf(category) + (dx < 0 ? 1 : -1);
    const next = MOBILE_CATEGORIES[index];
    if (next) go(next);
  };

  return (
    <div className="m-category" data-testid="mobile-category" data-category={category}>
      <nav className="m-category__tabs" aria-label={t('mobileSite.browse.tabs')}>
        {/* Plain tabs: antd-mobile's Tabs animate their line with its spring library, 20 kB this page need not load. */}
        <div className="m-tabs" role="tablist">
          {MOBILE_CATEGORIES.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={id === category}
              className={`m-tabs__tab${id === category ? ' m-tabs__tab--active' : ''}`}
              onClick={() => id !== category && go(id)}
              data-testid={`mobile-category-tab-${id}`}
            >
              {t(`mobileSite.category.${id}`)}
            </button>
          ))}
        </div>
      </nav>
      <div
        className="m-category__list"
        onTouchStart={(event) => {
          const point = event.touches[0];
          touch.current = point ? { x: point.clientX, y: point.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const point = event.changedTouches[0];
          if (point) swipe(point.clientX, point.clientY);
        }}
      >
        {children}
      </div>
    </div>
  );
}
