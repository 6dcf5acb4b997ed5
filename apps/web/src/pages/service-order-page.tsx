import { SERVICE_PAYMENT_PARTS, type ServicePaymentPart } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { ServiceOrderView } from '../features/service-orders';
import NotFoundPage from './not-found-page';

/**
 * /serviceOrder/:id (a console route of ours, docs/web.md "Service orders"): one service order for its
 * customer or its provider. `?pay=deposit|whole` preselects the part to pay (after /addOrder placed it).
 */
export default function ServiceOrderPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId < 1) return <NotFoundPage />;
  const pay = search.get('pay');
  const payPart = (SERVICE_PAYMENT_PARTS as readonly string[]).includes(pay ?? '') ? (pay as ServicePaymentPart) : undefined;
  return (
    <>
      <PageHeader title={t('serviceOrders.pageTitle')} subtitle={t('serviceOrders.pageSubtitle')} />
      <p>
        <Link to="/serviceOrders">{t('serviceOrders.backToList')}</Link>
      </p>
      <ServiceOrderView key={orderId} id={orderId} payPart={payPart} />
    </>
  );
}
