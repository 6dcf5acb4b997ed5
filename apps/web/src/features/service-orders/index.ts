// What other parts of the web app use of the service-orders feature: they import it from here, never from its folders.
export { AddOrderForm } from './components/add-order-form';
export { AdminCoupons, AdminPriceRules } from './components/admin-pricing';
export { AdminServiceOrders } from './components/admin-service-orders';
export { MyServiceOrders, OpenServiceOrders } from './components/service-order-lists';
export { ServiceOrderView } from './components/service-order-view';
