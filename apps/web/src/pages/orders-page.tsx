import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../components/page-header';
import { OrderList, orderPageOf } from '../features/orders';
import NotFoundPage from './not-found-page';

/** The seven order pages of spec 2.4 (`/order/{consume|income}/{type}`, permission 162): one list, by path. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = orderPageOf(pathname);
  if (!page) return <NotFoundPage />;
  const { direction, type } = page;
  return (
    <>
      <PageHeader title={t(`orders.title.${direction}`)} subtitle={t(`orders.subtitle.${direction}`)} />
      {/* A new kind of order starts on its first page. */}
      <OrderList key={`${direction}/${type}`} direction={direction} type={type} />
    </>
  );
}
