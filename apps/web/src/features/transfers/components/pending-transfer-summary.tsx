import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePendingTransferCount } from '../api/get-transfers';
import type { TransferSide } from '../api/types';
import './transfers.css';

/** For the page header: how many transfers on this side wait for an answer. Nothing while unknown. */
export function PendingTransferSummary({ side }: { side: TransferSide }) {
  const { t } = useTranslation();
  const count = usePendingTransferCount(side);
  if (count.data === undefined) return null;
  return (
    <div
      className={`transfer-pending transfer-pending--${side}${count.data === 0 ? ' transfer-pending--none' : ''}`}
      data-testid="transfer-pending-summary"
      data-count={count.data}
      role="status"
      aria-label={t(`transfers.${side}.pendingSummary`, { count: count.data })}
    >
      <Badge
        count={count.data}
        showZero
        overflowCount={999}
        color={count.data === 0 ? '#94a3b8' : side === 'received' ? '#f5222d' : '#2f54eb'}
        aria-hidden
      />
      <span aria-hidden>{t(`transfers.${side}.pendingLabel`)}</span>
    </div>
  );
}
