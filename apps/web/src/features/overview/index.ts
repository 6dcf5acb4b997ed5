// What other parts of the web app use of the overview feature: they import it from here, never from its folders.
export { overviewQueryOptions } from './api/get-overview';
export { OverviewStrip } from './components/overview-strip';
