// What other parts of the web app use of the admin-overview feature: they import it from here, never from its folders.
export { AdminOverviewPanel } from './components/admin-overview';
