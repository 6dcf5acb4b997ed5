import { createPaymentDrivers } from '../../drivers/payments/create-payment-drivers.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { defineModule } from '../../kernel/module.js';
import { PaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { PaymentsService } from './payments.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    payments: {
      /** Flow recharges through the payment providers, booked once in the ledger (docs/payments.md). */
      payments: PaymentsService;
      /** The sandbox provider's test checkout, when the sandbox is among PAYMENT_PROVIDERS. */
      sandboxPay: SandboxPayDriver | undefined;
    };
  }
}

export default defineModule({
  name: 'payments',
  needs: ['ledger', 'notifications'],
  build: ({ config, database, secrets, ledger, notifications, logger }) => {
    const payment = createPaymentDrivers(config.payments, {
      db: database.db,
      secret: () => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('sandbox-payments')),
      publicUrl: config.publicUrl,
    });
    return {
      payments: new PaymentsService(new PaymentsRepository(database.db), payment.drivers, ledger, notifications, logger),
      sandboxPay: payment.sandbox,
    };
  },
  routes: (app, { payments, sandboxPay }) => app.register(paymentsRoutes, { payments, sandbox: sandboxPay }),
  // A lost notification is still booked, and unpaid orders close once expired (docs/payments.md).
  jobs: ({ payments }) => [
    { name: 'payments.reconcile', handler: () => payments.reconcile(), options: { schedule: { cron: '* * * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { IdempotencyHeaders } from './payments.schemas.js';
export { type PaymentsService } from './payments.service.js';
