import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import type { TransferSide } from '../../features/transfers';
import { PendingTransferSummary, TransferList } from '../../features/transfers';
import './transfers-page.css';

/** One side's transfers page (spec 2.3): its header with the count awaiting an answer, then the list. */
export function TransfersPage({ side }: { side: TransferSide }) {
  const { t } = useTranslation();
  return (
    <div className="transfers-page">
      <div className="transfers-page__head">
        <PageHeader title={t(`transfers.${side}.title`)} subtitle={t(`transfers.${side}.subtitle`)} />
        <PendingTransferSummary side={side} />
      </div>
      <TransferList side={side} />
    </div>
  );
}
