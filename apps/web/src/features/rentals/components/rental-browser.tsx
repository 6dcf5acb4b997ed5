import { EnvironmentOutlined, HomeOutlined, PhoneOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, InputNumber, Pagination, Segmented, Select, Skeleton, Switch } from 'antd';
import { RENTAL_SORTS, type RentalCard, type RentalSort } from '@spatia/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/load-failed';
import { useSession } from '../../../stores/session-store';
import { RENTAL_PAGE_SIZE, useRentalSearch, useRevealContact } from '../api/rentals';
import { formatFloor, formatPlace, formatRent, formatRooms } from '../lib/rental-format';
import { changeRentalQuery, isNarrowed, readRentalQuery, writeRentalQuery, type RentalQuery } from '../lib/rental-query';
import './rentals.css';

/** What the page's map is handed: the listings of the page with a place, which one is highlighted, and what to say back. */
export interface RentalMapSlotProps {
  cards: readonly (RentalCard & { latitude: number; longitude: number })[];
  selectedId: string | null;
  onSelect(uid: string): void;
  /** The area the map shows, when known at its start (coming back with "search as I move" on). */
  initialBounds: readonly [number, number, number, number] | undefined;
  onViewChange(bounds: [number, number, number, number]): void;
}

interface RentalBrowserProps {
  /** The map beside the list: another feature draws it, so the page hands it in (none: the list alone). */
  renderMap?: (props: RentalMapSlotProps) => ReactNode;
}

const located = (card: RentalCard): card is RentalCard & { latitude: number; longitude: number } =>
  card.latitude !== null && card.longitude !== null;

/**
 * /rentingHouse: listings of panorama works with rental details. Filters above; the list and the map side
 * by side on a desktop, one at a time on a phone. Everything the visitor chose lives in the address, and
 * the page's data stays cached, so opening a listing and coming back finds the same list at the same
 * place (docs/rentals.md "Kept alive").
 */
export function RentalBrowser({ renderMap }: RentalBrowserProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ownPath = useLocation().pathname;
  const query = readRentalQuery(params);
  const search = useRentalSearch(query);
  // From the address as it is now, not as this render saw it: React Router renders a navigation in a transition,
  // so a second change that comes before that render (a rent field left right after Enter in the keyword)
  // would otherwise drop the first.
  const change = (next: Partial<RentalQuery>) =>
    setParams(writeRentalQuery(changeRentalQuery(readRentalQuery(new URLSearchParams(window.location.search)), next)), {
      replace: 'bbox' in next,
    });
  const cards = useMemo(() => search.data?.list ?? [], [search.data]);
  // One array per answer: the map redraws its markers only when what it shows changes.
  const locatedCards = useMemo(() => cards.filter(located), [cards]);
  const total = search.data?.total ?? 0;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const lastBounds = useRef<[number, number, number, number] | undefined>(query.bbox ? [...query.bbox] : undefined);
  const searchAsMove = query.bbox !== undefined;

  const selectFromMap = (uid: string) => {
    setSelectedId(uid);
    document.querySelector(`[data-rental-uid="${CSS.escape(uid)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  let list;
  if (search.isError && !search.data) {
    list = <LoadFailed title={t('rentals.loadFailed')} query={search} testId="rentals-load-failed" />;
  } else if (search.isPending) {
    list = (
      <ul className="rentals-list" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="rental-card rental-card--loading">
            <Skeleton.Node active className="rental-card__cover" />
            <Skeleton active title paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (cards.length === 0) {
    const narrowed = isNarrowed(query);
    list = (
      <Empty
        className="rentals-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={narrowed ? t('rentals.emptyFiltered') : t('rentals.empty')}
        data-testid="rentals-empty"
      >
        {narrowed && <Button onClick={() => setParams(new URLSearchParams())}>{t('rentals.filters.reset')}</Button>}
      </Empty>
    );
  } else {
    list = (
      <ul className="rentals-list" aria-busy={search.isFetching} data-testid="rentals-list">
        {cards.map((card) => (
          <li key={card.workUid}>
            <RentalCardView card={card} highlighted={card.workUid === selectedId} onHover={setSelectedId} />
          </li>
        ))}
      </ul>
    );
  }

  const map =
    renderMap &&
    renderMap({
      cards: locatedCards,
      selectedId,
      onSelect: selectFromMap,
      initialBounds: query.bbox,
      onViewChange: (bounds) => {
        // A listing just opened: this page stays drawn until the next one loads, and its map, resized, must
        // not write its area into the new page's address.
        if (window.location.pathname !== ownPath) return;
        // A map not laid out yet (no size) has no area worth searching.
        if (!(bounds[2] - bounds[0] > 1e-6 && bounds[3] - bounds[1] > 1e-6)) return;
        lastBounds.current = bounds;
        if (searchAsMove && !sameBounds(bounds, query.bbox)) change({ bbox: bounds });
      },
    });
  const selectedCard = cards.find((card) => card.workUid === selectedId);

  return (
    <div className={`rentals rentals--${query.view}${map ? '' : ' rentals--no-map'}`}>
      <section className="rentals-hero" aria-labelledby="rentals-title">
        <h1 id="rentals-title" className="rentals-hero__title">
          {t('rentals.title')}
        </h1>
        <p className="rentals-hero__subtitle">{t('rentals.subtitle')}</p>
      </section>
      <Filters query={query} onChange={change} />
      <div className="rentals-toolbar">
        <p className="rentals-count" aria-live="polite" data-testid="rentals-count">
          {search.data ? t('rentals.count', { count: total }) : ' '}
        </p>
        {map && (
          <label className="rentals-move">
            <Switch
              size="small"
              checked={searchAsMove}
              onChange={(on) => change({ bbox: on ? lastBounds.current : undefined })}
              data-testid="rentals-search-as-move"
            />
            <span>{t('rentals.searchAsMove')}</span>
          </label>
        )}
        {map && (
          <Segmented<RentalQuery['view']>
            className="rentals-view"
            value={query.view}
            onChange={(view) => change({ view })}
            options={[
              { value: 'list', label: t('rentals.view.list'), icon: <UnorderedListOutlined aria-hidden /> },
              { value: 'map', label: t('rentals.view.map'), icon: <EnvironmentOutlined aria-hidden /> },
            ]}
            aria-label={t('rentals.view.label')}
            data-testid="rentals-view"
          />
        )}
      </div>
      <div className="rentals-body">
        <div className="rentals-results">
          {list}
          {total > RENTAL_PAGE_SIZE && (
            <Pagination
              className="rentals-pagination"
              align="center"
              current={query.page}
              pageSize={RENTAL_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={(page) => {
                change({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </div>
        {map && (
          <aside className="rentals-map" aria-label={t('rentals.view.map')} data-testid="rentals-map">
            <div className="rentals-map__canvas">{map}</div>
            {selectedCard && (
              <div className="rentals-map__preview">
                <RentalCardView card={selectedCard} highlighted onHover={() => undefined} />
              </div>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}

function sameBounds(a: readonly number[], b: readonly number[] | undefined): boolean {
  return b !== undefined && a.every((value, index) => Math.abs(value - b[index]!) < 1e-4);
}

/** Keyword, rent and area ranges, bedrooms and the order; ranges apply on Enter or on leaving a field. */
function Filters({ query, onChange }: { query: RentalQuery; onChange: (change: Partial<RentalQuery>) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);
  return (
    <div className="rentals-filters" role="group" aria-label={t('rentals.filters.label')}>
      <Input.Search
        className="rentals-filters__keyword"
        allowClear
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={(value) => onChange({ keyword: value.trim() })}
        placeholder={t('rentals.filters.keyword')}
        aria-label={t('rentals.filters.keyword')}
        maxLength={50}
        data-testid="rentals-keyword"
      />
      <Range
        label={t('rentals.filters.rent')}
        prefix="¥"
        min={query.minRentYuan}
        max={query.maxRentYuan}
        precision={0}
        testId="rentals-rent"
        onChange={(minRentYuan, maxRentYuan) => onChange({ minRentYuan, maxRentYuan })}
      />
      <Range
        label={t('rentals.filters.area')}
        suffix="m²"
        min={query.minArea}
        max={query.maxArea}
        precision={1}
        testId="rentals-area"
        onChange={(minArea, maxArea) => onChange({ minArea, maxArea })}
      />
      <Select<number | 'any'>
        className="rentals-filters__beds"
        value={query.bedrooms ?? 'any'}
        onChange={(value) => onChange({ bedrooms: value === 'any' ? undefined : value })}
        options={[
          { value: 'any', label: t('rentals.filters.anyBedrooms') },
          ...[1, 2, 3, 4].map((value) => ({ value, label: t('rentals.filters.bedroomsAtLeast', { count: value }) })),
        ]}
        aria-label={t('rentals.filters.bedrooms')}
        popupMatchSelectWidth={false}
        data-testid="rentals-bedrooms"
      />
      <Select<RentalSort>
        className="rentals-filters__sort"
        value={query.sort}
        onChange={(sort) => onChange({ sort })}
        options={RENTAL_SORTS.map((value) => ({ value, label: t(`rentals.sort.${value}`) }))}
        aria-label={t('rentals.sort.label')}
        popupMatchSelectWidth={false}
        data-testid="rentals-sort"
      />
    </div>
  );
}

function Range(props: {
  label: string;
  prefix?: string;
  suffix?: string;
  min: number | undefined;
  max: number | undefined;
  precision: number;
  testId: string;
  onChange: (min: number | undefined, max: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [min, setMin] = useState<number | null>(props.min ?? null);
  const [max, setMax] = useState<number | null>(props.max ?? null);
  useEffect(() => setMin(props.min ?? null), [props.min]);
  useEffect(() => setMax(props.max ?? null), [props.max]);
  const apply = () => {
    const nextMin = min ?? undefined;
    const nextMax = max ?? undefined;
    if (nextMin !== props.min || nextMax !== props.max) props.onChange(nextMin, nextMax);
  };
  const field = (value: number | null, set: (value: number | null) => void, which: 'min' | 'max') => (
    <InputNumber<number>
      min={0}
      max={1_000_000}
      precision={props.precision}
      prefix={props.prefix}
      suffix={props.suffix}
      value={value}
      onChange={set}
      onBlur={apply}
      onPressEnter={apply}
      placeholder={t(`rentals.filters.${which}`)}
      aria-label={`${props.label} ${t(`rentals.filters.${which}`)}`}
      className="rentals-range__field"
      data-testid={`${props.testId}-${which}`}
    />
  );
  return (
    <div className="rentals-range" role="group" aria-label={props.label}>
      <span className="rentals-range__label">{props.label}</span>
      {field(min, setMin, 'min')}
      <span aria-hidden>–</span>
      {field(max, setMax, 'max')}
    </div>
  );
}

/** One listing: the cover and texts open the work; the contact line is apart, with its "show number". */
function RentalCardView({ card, highlighted, onHover }: { card: RentalCard; highlighted: boolean; onHover: (uid: string | null) => void }) {
  const { t } = useTranslation();
  const floor = formatFloor(card, t);
  return (
    <article
      className={`rental-card${highlighted ? ' rental-card--highlighted' : ''}`}
      data-rental-uid={card.workUid}
      data-testid="rental-card"
      onMouseEnter={() => onHover(card.workUid)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(card.workUid)}
    >
      <Link to={`/details/${card.workUid}`} className="rental-card__link" data-testid="rental-card-link">
        <span className="rental-card__cover">
          {card.coverUrl ? <img src={card.coverUrl} alt="" loading="lazy" /> : <HomeOutlined aria-hidden />}
          <span className="rental-card__badge">{t('rentals.panorama')}</span>
        </span>
        <span className="rental-card__text">
          <span className="rental-card__title">{card.title}</span>
          <span className="rental-card__rent" data-testid="rental-card-rent">
            <strong>{formatRent(card.rentFen)}</strong>
            <span>{t('rentals.perMonth')}</span>
          </span>
          <span className="rental-card__facts">
            <span>{t('rentals.area', { area: card.area })}</span>
            <span>{formatRooms(card, t)}</span>
            {floor && <span>{floor}</span>}
          </span>
          <span className="rental-card__place">
            <EnvironmentOutlined aria-hidden /> {formatPlace(card)}
          </span>
        </span>
      </Link>
      <ContactLine card={card} />
    </article>
  );
}

/** The contact's name and masked phone; "show number" asks the server (signed-in visitors only). */
function ContactLine({ card }: { card: RentalCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((session) => session.token !== '');
  const reveal = useRevealContact();
  const phone = reveal.data?.contactPhone;
  const show = () => {
    if (!signedIn) {
      void navigate(`/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`);
      return;
    }
    reveal.mutate(card.workUid, {
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.shown) void message.error(t('rentals.contactFailed'));
      },
    });
  };
  return (
    <div className="rental-card__contact">
      <PhoneOutlined aria-hidden />
      <span>{card.contactName}</span>
      {phone ? (
        <a href={`tel:${phone}`} data-testid="rental-card-phone">
          {phone}
        </a>
      ) : (
        <>
          <span data-testid="rental-card-masked-phone">{card.maskedPhone}</span>
          <Button size="small" type="link" onClick={show} loading={reveal.isPending} data-testid="rental-card-show-phone">
            {signedIn ? t('rentals.showPhone') : t('rentals.signInForPhone')}
          </Button>
        </>
      )}
    </div>
  );
}
