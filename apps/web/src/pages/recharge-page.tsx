import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { RechargePanel } from '../features/payments/components/recharge-panel';

/** /recharge/index (spec 2.3, photographers and customers): buy months of flow with a QR payment. */
export default function RechargePage() {
  const { t } = useTranslation();
  return (
    <div className="recharge-page">
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <RechargePanel />
    </div>
  );
}
