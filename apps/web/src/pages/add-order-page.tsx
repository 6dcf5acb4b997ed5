import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddOrderForm } from '../features/service-orders';
import './add-order-page.css';

/** /addOrder (spec 2.2, public, header and footer): book a shoot; placing it needs a session (spec 2.6). */
export default function AddOrderPage() {
  const { t } = useTranslation();
  return (
    <div className="add-order-page">
      <header className="add-order-page__header">
        <Typography.Title level={1} className="add-order-page__title">
          {t('serviceOrders.form.pageTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('serviceOrders.form.pageIntro')}</Typography.Paragraph>
      </header>
      <AddOrderForm />
    </div>
  );
}
