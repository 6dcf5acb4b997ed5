import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { MyServiceOrders } from '../features/service-orders';

/** /serviceOrders (ours, docs/web.md): the service orders I booked, for every booker (the spec's order page is merchants' only). */
export default function ServiceOrdersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('serviceOrders.listTitle')} subtitle={t('serviceOrders.listSubtitle')} />
      <p>
        <Link to="/addOrder">
          <Button type="primary">{t('serviceOrders.bookShoot')}</Button>
        </Link>
      </p>
      <MyServiceOrders side="customer" />
    </>
  );
}
