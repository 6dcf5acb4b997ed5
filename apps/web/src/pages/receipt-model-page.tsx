import { TransfersPage } from './transfers/transfers-page';

/** Projects awaiting receipt (/model/receiptModel, spec 2.3): works handed to me, to confirm or reject. */
export default function ReceiptModelPage() {
  return <TransfersPage side="received" />;
}
