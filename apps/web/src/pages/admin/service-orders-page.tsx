import { FeaturePage } from '../../components/feature-page';
import { AdminServiceOrders } from '../../features/service-orders';

/** /admin/serviceOrders (admins): every service order; assign a signed provider, cancel with a refund. */
export default function AdminServiceOrdersPage() {
  return (
    <FeaturePage titleKey="menu.adminServiceOrders" subtitleKey="serviceOrders.admin.ordersSubtitle">
      <AdminServiceOrders />
    </FeaturePage>
  );
}
