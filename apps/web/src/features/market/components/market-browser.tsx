import { CompassOutlined } from '@ant-design/icons';
import { Button, Empty, Input, InputNumber, Pagination, Segmented, Select, Skeleton, Tag } from 'antd';
import { MARKET_SORTS, WORK_TYPES, type MarketListingCard, type MarketSort, type WorkType } from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { UserAvatar } from '../../../components/user-avatar';
import { formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { MARKET_PAGE_SIZE, useMarketSearch } from '../api/market';
import { changeMarketQuery, isNarrowed, readMarketQuery, writeMarketQuery, type MarketQuery } from '../lib/market-query';
import { marketDetailsPath } from '../lib/market-paths';
import './market.css';

type TypeChoice = WorkType | 'all';

/**
 * /market: listed works to buy. A search (Chinese too: the server matches bigrams), the work type, a price
 * range and the order, all kept in the address so that a reload or a shared link shows the same grid;
 * a paged grid of covers with name, price and seller.
 */
export function MarketBrowser() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readMarketQuery(params);
  const search = useMarketSearch(query);
  const change = (next: Partial<MarketQuery>) => setParams(writeMarketQuery(changeMarketQuery(query, next)));
  const listings = search.data?.list ?? [];
  const total = search.data?.total ?? 0;

  let grid;
  if (search.isError && !search.data) {
    grid = <LoadFailed title={t('market.loadFailed')} query={search} testId="market-load-failed" />;
  } else if (search.isPending) {
    grid = (
      <ul className="market-grid" aria-busy="true">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="market-card market-card--loading">
            <Skeleton.Node active className="market-card__cover" />
            <Skeleton active title paragraph={{ rows: 1 }} />
          </li>
        ))}
      </ul>
    );
  } else if (listings.length === 0) {
    const narrowed = isNarrowed(query);
    grid = (
      <Empty
        className="market-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={narrowed ? t('market.emptyFiltered') : t('market.empty')}
        data-testid="market-empty"
      >
        {narrowed && <Button onClick={() => setParams(new URLSearchParams())}>{t('market.filters.reset')}</Button>}
      </Empty>
    );
  } else {
    grid = (
      <ul className="market-grid" aria-busy={search.isFetching} data-testid="market-grid">
        {listings.map((listing) => (
          <li key={listing.id}>
            <MarketCard listing={listing} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="market">
      <section className="market-hero" aria-labelledby="market-title">
        <h1 id="market-title" className="market-hero__title">
          {t('market.title')}
        </h1>
        <p className="market-hero__subtitle">{t('market.subtitle')}</p>
        <KeywordSearch keyword={query.keyword} onSearch={(keyword) => change({ keyword })} />
      </section>
      <div className="market-body">
        <div className="market-filters" role="group" aria-label={t('market.filters.label')}>
          <Segmented<TypeChoice>
            value={query.type ?? 'all'}
            onChange={(choice) => change({ type: choice === 'all' ? undefined : choice })}
            options={(['all', ...WORK_TYPES] as const).map((value) => ({
              value,
              label: value === 'all' ? t('market.filters.allTypes') : t(`works.type.${value}`),
            }))}
            aria-label={t('market.filters.type')}
            data-testid="market-type"
          />
          <PriceRange minYuan={query.minYuan} maxYuan={query.maxYuan} onChange={(minYuan, maxYuan) => change({ minYuan, maxYuan })} />
          <label className="market-filters__sort">
            <span>{t('market.sort.label')}</span>
            <Select<MarketSort>
              value={query.sort}
              onChange={(sort) => change({ sort })}
              options={MARKET_SORTS.map((value) => ({ value, label: t(`market.sort.${value}`) }))}
              popupMatchSelectWidth={false}
              data-testid="market-sort"
            />
          </label>
        </div>
        <p className="market-count" aria-live="polite" data-testid="market-count">
          {search.data ? t('market.count', { count: total }) : ' '}
        </p>
        {grid}
        {total > MARKET_PAGE_SIZE && (
          <Pagination
            className="market-pagination"
            align="center"
            current={query.page}
            pageSize={MARKET_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={(page) => {
              change({ page });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The search box: sends on Enter or the button (an IME's Enter picks characters, it does not send). */
function KeywordSearch({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  // Back and forward change the address: the box follows.
  useEffect(() => setText(keyword), [keyword]);
  return (
    <Input.Search
      className="market-hero__search"
      size="large"
      allowClear
      enterButton={t('market.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onSearch(value.trim())}
      placeholder={t('market.searchPlaceholder')}
      aria-label={t('market.searchPlaceholder')}
      maxLength={50}
      data-testid="market-search"
    />
  );
}

/** Lowest and highest price in yuan; applied on Enter, on leaving a field, or with the button. */
function PriceRange({
  minYuan,
  maxYuan,
  onChange,
}: {
  minYuan: string | undefined;
  maxYuan: string | undefined;
  onChange: (minYuan: string | undefined, maxYuan: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [min, setMin] = useState<string | null>(minYuan ?? null);
  const [max, setMax] = useState<string | null>(maxYuan ?? null);
  useEffect(() => setMin(minYuan ?? null), [minYuan]);
  useEffect(() => setMax(maxYuan ?? null), [maxYuan]);
  const apply = () => {
    const nextMin = min === null || min === '' ? undefined : min;
    const nextMax = max === null || max === '' ? undefined : max;
    if (nextMin !== minYuan || nextMax !== maxYuan) onChange(nextMin, nextMax);
  };
  const field = (value: string | null, set: (value: string | null) => void, label: string, testId: string) => (
    <InputNumber<string>
      stringMode
      min="0"
      max="10000000"
      precision={2}
      prefix="¥"
      value={value}
      onChange={set}
      onBlur={apply}
      onPressEnter={apply}
      placeholder={label}
      aria-label={label}
      className="market-price__field"
      data-testid={testId}
    />
  );
  return (
    <div className="market-price" role="group" aria-label={t('market.filters.price')}>
      {field(min, setMin, t('market.filters.minPrice'), 'market-price-min')}
      <span aria-hidden>–</span>
      {field(max, setMax, t('market.filters.maxPrice'), 'market-price-max')}
    </div>
  );
}

/** One listing of the grid: cover with its type, name, price and seller; the whole card opens it. */
function MarketCard({ listing }: { listing: MarketListingCard }) {
  const { t } = useTranslation();
  const seller = displayPersonName(listing.seller.name, t);
  return (
    <Link to={marketDetailsPath(listing.id)} className="market-card" data-testid="market-card">
      <span className="market-card__cover">
        {listing.work.coverUrl ? <img src={listing.work.coverUrl} alt="" loading="lazy" /> : <CompassOutlined aria-hidden />}
        <Tag className="market-card__type">{t(`works.type.${listing.work.type}`)}</Tag>
      </span>
      <span className="market-card__name">{listing.work.name}</span>
      <span className="market-card__line">
        <strong className="market-card__price" data-testid="market-card-price">
          {formatYuan(listing.priceFen)}
        </strong>
        <span className="market-card__licence">{t(`market.licence.${listing.licence}.short`)}</span>
      </span>
      <span className="market-card__seller">
        <UserAvatar src={listing.seller.avatarUrl} name={seller} size={20} />
        <span>{seller}</span>
      </span>
    </Link>
  );
}
