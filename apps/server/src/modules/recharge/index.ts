import { createPaymentDrivers } from '../../drivers/payments/create-payment-drivers.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { defineModule } from '../../kernel/module.js';
import { RechargeRepository } from './recharge.repository.js';
import { rechargeRoutes } from './recharge.routes.js';
import { RechargeService } from './recharge.service.js';
import { RefundsRepository } from './refunds.repository.js';
import { RefundsService } from './refunds.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    recharge: {
      /** Flow recharges through the payment providers, booked once in the ledger (docs/payments.md). */
      recharge: RechargeService;
      /** The sandbox provider's test checkout, when the sandbox is among PAYMENT_PROVIDERS. */
      sandboxPay: SandboxPayDriver | undefined;
      /** Refunds of payments, by admins, found at the provider, or of a second payment (docs/refunds.md). */
      refunds: RefundsService;
    };
  }
}

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** A flow recharge was paid and booked (the team's promotion rewards, docs/team.md). */
    'recharge.flowPaid': { reference: string; orderNo: string; payerUserId: number; amountFen: number; paidAt: number };
    /** A refund of a flow recharge was booked: `amountFen` went back to the payer. */
    'recharge.flowRefunded': { orderNo: string; refundReference: string; amountFen: number };
  }
}

export default defineModule({
  name: 'recharge',
  emits: ['recharge.flowPaid', 'recharge.flowRefunded'],
  needs: ['ledger', 'notifications', 'users', 'admin-log'],
  build: ({ config, database, secrets, ledger, notifications, users, adminLog, logger, events, metrics }) => {
    const payment = createPaymentDrivers(config.payments, {
      db: database.db,
      secret: () => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('sandbox-payments')),
      publicUrl: config.publicUrl,
    });
    const refunds = new RefundsService(
      new RefundsRepository(database.db),
      payment.drivers,
      ledger,
      notifications,
      users,
      adminLog,
      logger,
      Date.now,
      events,
    );
    return {
      recharge: new RechargeService(
        new RechargeRepository(database.db),
        payment.drivers,
        ledger,
        notifications,
        logger,
        Date.now,
        refunds,
        events,
        metrics,
      ),
      sandboxPay: payment.sandbox,
      refunds,
    };
  },
  routes: (app, { recharge, sandboxPay, refunds }) => app.register(rechargeRoutes, { recharge, sandbox: sandboxPay, refunds }),
  // A lost notification is still booked, and unpaid orders close once expired (docs/payments.md).
  jobs: ({ recharge }) => [
    { name: 'payments.reconcile', handler: () => recharge.reconcile(), options: { schedule: { cron: '* * * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { IdempotencyHeaders, RechargeOrderSchema } from './recharge.schemas.js';
export { type RechargeService, type MobilePaymentOptions, type PaymentFulfilment, type PaymentPurchaseSpec } from './recharge.service.js';
export { type PaymentOrderRow } from './recharge.repository.js';
export { type RefundsService } from './refunds.service.js';
