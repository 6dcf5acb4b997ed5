import { defineModule } from '../../kernel/module.js';
import { VerificationRepository } from './verification.repository.js';
import { VerificationService } from './verification.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    verification: {
      /** SMS verification codes: sending, limits and checking. */
      verification: VerificationService;
    };
  }
}

export default defineModule({
  name: 'verification',
  needs: [],
  build: ({ config, database, sms, rateLimiter, secrets, logger }) => ({
    verification: new VerificationService(
      new VerificationRepository(database.db),
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
export { type VerificationService } from './verification.service.js';
