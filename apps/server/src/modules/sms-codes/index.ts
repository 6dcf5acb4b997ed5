import { defineModule } from '../../kernel/module.js';
import { SmsCodesRepository } from './sms-codes.repository.js';
import { SmsCodesService } from './sms-codes.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'sms-codes': {
      /** SMS verification codes: sending, limits and checking. */
      smsCodes: SmsCodesService;
    };
  }
}

export default defineModule({
  name: 'sms-codes',
  needs: [],
  build: ({ config, database, sms, rateLimiter, secrets, logger }) => ({
    smsCodes: new SmsCodesService(
      new SmsCodesRepository(database.db),
      sms,
      rateLimiter,
      () => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('verification-code-hmac')),
      (message) => logger.error(message),
      Date.now,
      config.smsCodesPerAddressPerHour,
    ),
  }),
});

// The public surface of the module: what other modules use.
export { type SmsCodesService } from './sms-codes.service.js';
