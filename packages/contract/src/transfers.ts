import { defineErrors } from './errors.js';
import type { FlowRechargeOrder, PaymentProvider } from './payments.js';
import transferErrors from './transfers.errors.json' with { type: 'json' };

/** Handing a work to another user (the transfers module): 180x. */
export const TransferErrors = defineErrors(transferErrors);

/** How the receiver pays a targeted sale: from the balance, or the balance and a payment QR code for what it lacks. */
export type TransferPaymentMethod = 'balance' | PaymentProvider;

/** `POST /api/transfers/{id}/confirm`: no `method` (or `balance`) pays from the balance alone, as before. */
export interface TransferConfirmRequest {
  method?: TransferPaymentMethod;
}

/**
 * The answer of a confirmation. `confirmed` with `order` null: the work is the receiver's (a sale paid
 * from the balance). `awaitingPayment`: `order` pays what the balance lacks; once it is paid the sale
 * confirms by itself (docs/payments.md "Fulfilment"), and the transfer stays pending until then.
 */
export interface TransferConfirmation {
  status: 'confirmed' | 'awaitingPayment';
  order: FlowRechargeOrder | null;
}

/** What paying a targeted sale takes, for the receiver's confirm dialog (`GET /api/transfers/{id}/payment`). */
export interface TransferPaymentOptions {
  priceFen: number;
  balanceFen: number;
  /** What a refund left owing: the payment settles it first (docs/refunds.md). */
  debtFen: number;
  /** What a QR payment would charge: the price less the balance, plus the debt; 0 when the balance pays it all. */
  shortFen: number;
  /** The providers this site takes for a QR payment, in the order the page offers them. */
  providers: PaymentProvider[];
}
