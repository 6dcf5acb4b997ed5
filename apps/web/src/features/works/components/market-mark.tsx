import type { WorkSummary } from '@spatia/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { useWorkListing } from '../api/work-market';
import { type MarketMark as Mark, marketMarkOf } from '../lib/market-listing';
import { formatMarketPrice } from '../lib/price';

type Subject = Pick<WorkSummary, 'uid' | 'marketPrice'>;

/** The mark's words: in market review or on sale at the price, rejected or taken off with the reason. */
function markText(mark: Mark, t: TFunction): string {
  switch (mark.kind) {
    case 'pending':
      return t('works.marketMark.pending', { price: formatYuan(mark.priceFen) });
    case 'onMarket':
      return t('works.list.onMarket', { price: formatYuan(mark.priceFen) });
    case 'rejected':
    case 'off': {
      const status =
        mark.kind === 'rejected'
          ? t('works.marketMark.rejected')
          : t(mark.byAdmin ? 'works.marketMark.offByAdmin' : 'works.marketMark.offWorkChanged');
      return mark.reason ? t('works.marketMark.withReason', { status, reason: mark.reason }) : status;
    }
  }
}

function MarkLabel({ mark, className }: { mark: Mark; className: string }) {
  const { t } = useTranslation();
  const text = markText(mark, t);
  return (
    <span className={`${className} ${className}--${mark.kind}`} title={text} data-testid="work-market" data-market={mark.kind}>
      {text}
    </span>
  );
}

/** Where the work stands on the market, over its card's cover; nothing when it was never listed. */
export function MarketMark({ work, className }: { work: Subject; className: string }) {
  const mark = marketMarkOf(work, useWorkListing(work.uid));
  return mark ? <MarkLabel mark={mark} className={className} /> : null;
}

/** The table's market column: the price while on sale, else the listing's state, else a dash. */
export function MarketPriceCell({ work }: { work: Subject }) {
  const mark = marketMarkOf(work, useWorkListing(work.uid));
  if (!mark || mark.kind === 'onMarket') return <span className="works-table__price">{formatMarketPrice(work.marketPrice)}</span>;
  return <MarkLabel mark={mark} className="works-table__market" />;
}
