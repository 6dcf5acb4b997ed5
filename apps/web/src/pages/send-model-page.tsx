import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { PendingTransferSummary } from '../features/transfers/components/pending-transfer-summary';
import { TransferList } from '../features/transfers/components/transfer-list';
import './transfers/transfers-page.css';

/** Shipped projects (/model/sendModel, spec 2.3): works I handed over, and whether they were received. */
export default function SendModelPage() {
  const { t } = useTranslation();
  return (
    <div className="transfers-page">
      <div className="transfers-page__head">
        <PageHeader title={t('transfers.sent.title')} subtitle={t('transfers.sent.subtitle')} />
        <PendingTransferSummary side="sent" />
      </div>
      <TransferList side="sent" />
    </div>
  );
}
