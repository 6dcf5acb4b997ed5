import { TransfersPage } from './transfers/transfers-page';

/** Shipped projects (/model/sendModel, spec 2.3): works I handed over, and whether they were received. */
export default function SendModelPage() {
  return <TransfersPage side="sent" />;
}
