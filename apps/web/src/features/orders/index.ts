// What other parts of the web app use of the orders feature: they import it from here, never from its folders.
export { IncomePanel } from './components/income-panel';
export { OrderList } from './components/order-list';
export { orderPageOf } from './lib/order-filters';
