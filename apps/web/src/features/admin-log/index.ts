// What other parts of the web app use of the admin-log feature: they import it from here, never from its folders.
export { AdminLogList } from './components/admin-log-list';
