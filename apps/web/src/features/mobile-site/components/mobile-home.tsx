import type { ReactNode } from 'react';
import { SearchBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useShowcase } from '../../../api/showcase';
import { categoryPath, MOBILE_CATEGORIES } from '../lib/categories';
import { FeaturedCarousel } from './featured-carousel';
import { cardOfSummary, MobileWorkCard } from './work-card';
import './mobile-site.css';

const FEATURED_COUNT = 5;

/**
 * /mobile/home's body: the search box (to /search), the featured works as a swipeable strip, the categories as
 * chips, and under "latest works" the list the page gives (the shell's pull-to-refresh list of public works).
 */
export function MobileHome({ list }: { list: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const featured = useShowcase(FEATURED_COUNT).data?.list ?? [];

  return (
    <div className="m-home" data-testid="mobile-home">
      <form
        role="search"
        className="m-home__search"
        onSubmit={(event) => event.preventDefault()}
        aria-label={t('mobileSite.home.searchLabel')}
      >
        <SearchBar
          placeholder={t('mobileSite.home.search')}
          onSearch={(value) => {
            const keyword = value.trim();
            void navigate(keyword ? `/search?q=${encodeURIComponent(keyword)}` : '/search');
          }}
          data-testid="mobile-home-search"
        />
      </form>

      {featured.length > 0 && (
        <section className="m-section" aria-labelledby="m-home-featured">
          <h2 className="m-section__title" id="m-home-featured">
            {t('mobileSite.home.featured')}
          </h2>
          <FeaturedCarousel label={t('mobileSite.home.featured')} testId="mobile-featured">
            {featured.map((work) => (
              <MobileWorkCard key={work.uid} work={cardOfSummary(work)} wide />
            ))}
          </FeaturedCarousel>
        </section>
      )}

      <section className="m-section" aria-labelledby="m-home-categories">
        <h2 className="m-section__title" id="m-home-categories">
          {t('mobileSite.home.categories')}
        </h2>
        <ul className="m-chips">
          {MOBILE_CATEGORIES.map((category) => (
            <li key={category}>
              <Link to={categoryPath(category)} className="m-chip" data-testid={`mobile-chip-${category}`}>
                {t(`mobileSite.category.${category}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="m-section" aria-labelledby="m-home-newest">
        <h2 className="m-section__title" id="m-home-newest">
          {t('mobileSite.home.newest')}
        </h2>
        {list}
      </section>
    </div>
  );
}
