// What other parts of the web app use of the transfers feature: they import it from here, never from its folders.
export type { TransferSide } from './api/types';
export { PendingTransferSummary } from './components/pending-transfer-summary';
export { TransferList } from './components/transfer-list';
