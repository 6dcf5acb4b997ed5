import type { WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { useWorkListing } from '../api/work-market';
import { marketMarkOf } from '../lib/market-listing';

/**
 * Where the work stands on the market, on its card (over the cover) and its row: waiting for review, on the
 * market at a price, rejected or taken off with the reason (in its title, and read out).
 */
export function MarketMark({
  work,
  className,
  hideOnMarket = false,
}: {
  work: Pick<WorkSummary, 'uid' | 'marketPrice'>;
  className: string;
  /** Where the price is shown beside it already. */
  hideOnMarket?: boolean;
}) {
  const { t } = useTranslation();
  const mark = marketMarkOf(work, useWorkListing(work.uid));
  if (!mark || (hideOnMarket && mark.kind === 'onMarket')) return null;
  let text: string;
  let reason = '';
  switch (mark.kind) {
    case 'pending':
      text = t('works.marketMark.pending', { price: formatYuan(mark.priceFen) });
      break;
    case 'onMarket':
      text = t('works.list.onMarket', { price: formatYuan(mark.priceFen) });
      break;
    case 'rejected':
      text = t('works.marketMark.rejected');
      reason = mark.reason;
      break;
    case 'off':
      text = t(mark.byAdmin ? 'works.marketMark.offByAdmin' : 'works.marketMark.offWorkChanged');
      reason = mark.reason;
      break;
  }
  const full = reason ? t('works.marketMark.withReason', { status: text, reason }) : text;
  return (
    <span className={`${className} ${className}--${mark.kind}`} title={full} data-testid="work-market" data-market={mark.kind}>
      {full}
    </span>
  );
}
