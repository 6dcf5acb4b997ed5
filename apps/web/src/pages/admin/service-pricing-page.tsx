import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../components/feature-page';
import { AdminCoupons, AdminPriceRules } from '../../features/service-orders';

/** /admin/servicePricing (admins): price rules per requirement type, the platform fee, coupons. */
export default function AdminServicePricingPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage titleKey="menu.adminServicePricing" subtitleKey="serviceOrders.admin.pricingSubtitle">
      <Tabs
        items={[
          { key: 'rules', label: t('serviceOrders.admin.rulesTab'), children: <AdminPriceRules /> },
          { key: 'coupons', label: t('serviceOrders.admin.couponsTab'), children: <AdminCoupons /> },
        ]}
      />
    </FeaturePage>
  );
}
