import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { counterpartOf } from '../lib/transfer-rules';
import { TransferActionButtons } from './transfer-action-buttons';
import { PartyCell, PriceText, ReceiptDeadline, TIME_FORMAT, TransferStatusTag, WorkCell } from './transfer-parts';
import type { TransferViewProps } from './transfer-table';

/** The phone list (under 992px): one card per transfer, its actions at the bottom. */
export function TransferCards({ side, transfers, now, ...handlers }: TransferViewProps) {
  const { t } = useTranslation();
  return (
    <ul className="transfer-cards">
      {transfers.map((transfer) => (
        <li key={transfer.id} className="transfer-card" data-testid="transfer-row" data-transfer-id={transfer.id}>
          <WorkCell transfer={transfer} wrap />
          <dl className="transfer-card__facts">
            <dt>{t('transfers.columns.status')}</dt>
            <dd>
              <TransferStatusTag transfer={transfer} now={now} />
            </dd>
            <dt>{t(side === 'received' ? 'transfers.columns.sender' : 'transfers.columns.receiver')}</dt>
            <dd>
              <PartyCell party={counterpartOf(transfer, side)} />
            </dd>
            <dt>{t('transfers.columns.price')}</dt>
            <dd>
              <PriceText transfer={transfer} />
            </dd>
            <dt>{t('transfers.columns.sentAt')}</dt>
            <dd>{formatDate(transfer.sentAt, TIME_FORMAT)}</dd>
            <dt>{t('transfers.columns.expiresAt')}</dt>
            <dd>
              <ReceiptDeadline transfer={transfer} now={now} />
            </dd>
            {transfer.remark.trim() ? (
              <>
                <dt>{t('transfers.columns.remark')}</dt>
                <dd>
                  <span className="transfer-card__remark">{transfer.remark}</span>
                </dd>
              </>
            ) : null}
          </dl>
          <div className="transfer-card__actions">
            <TransferActionButtons transfer={transfer} side={side} now={now} look="button" withIcons={false} {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
