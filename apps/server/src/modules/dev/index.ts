import { ConsoleSmsDriver } from '../../drivers/sms/console-sms.js';
import { defineModule } from '../../kernel/module.js';
import { devRoutes } from './dev.routes.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    dev: object;
  }
}

/** Development aids on this machine only: the SMS outbox and billing by hand, when SMS_DEV_OUTBOX is on. */
export default defineModule({
  name: 'dev',
  needs: ['billing'],
  build: () => ({}),
  routes: async (app, { sms, billing, logger }) => {
    if (!(sms instanceof ConsoleSmsDriver && sms.keepsOutbox)) return;
    logger.warn(
      'SMS_DEV_OUTBOX is on: verification codes can be read at /api/dev/sms-outbox from this machine. Never turn it on where others can reach the server.',
    );
    await app.register(devRoutes, { sms, billing });
  },
});
