import { FeaturePage } from '../../components/feature-page';
import { RechargeOrdersAdmin } from '../../features/recharge-orders-admin';

/** Recharge orders and their refunds (/admin/rechargeOrders, admins only; docs/refunds.md). */
export default function RechargeOrdersPage() {
  return (
    <FeaturePage titleKey="menu.adminRechargeOrders" subtitleKey="rechargeOrdersAdmin.subtitle">
      <RechargeOrdersAdmin />
    </FeaturePage>
  );
}
