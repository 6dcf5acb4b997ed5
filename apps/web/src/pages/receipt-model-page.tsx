import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { PendingTransferSummary } from '../features/transfers/components/pending-transfer-summary';
import { TransferList } from '../features/transfers/components/transfer-list';
import './transfers/transfers-page.css';

/** Projects awaiting receipt (/model/receiptModel, spec 2.3): works handed to me, to confirm or reject. */
export default function ReceiptModelPage() {
  const { t } = useTranslation();
  return (
    <div className="transfers-page">
      <div className="transfers-page__head">
        <PageHeader title={t('transfers.received.title')} subtitle={t('transfers.received.subtitle')} />
        <PendingTransferSummary side="received" />
      </div>
      <TransferList side="received" />
    </div>
  );
}
