// What other parts of the web app use of the withdrawals feature: they import it from here, never from its folders.
export { WithdrawPanel } from './components/withdraw-panel';
export { WithdrawalRecords } from './components/withdrawal-records';
export { WithdrawalReviewQueue } from './components/withdrawal-review-queue';
export { WithdrawalConfirmPanel } from './components/withdrawal-confirm-panel';
export { AlipayAuthorizationResult } from './components/alipay-authorization-result';
