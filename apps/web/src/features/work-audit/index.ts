// What other parts of the web app use of the work-audit feature: they import it from here, never from its folders.
export { WorkAuditQueue } from './components/work-audit-queue';
