import { defineModule } from '../../kernel/module.js';
import { mobilePayRoutes } from './mobile-pay.routes.js';
import { MobilePayService } from './mobile-pay.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'mobile-pay': {
      /** Buying on a phone through the providers' phone flows, and the order read back (docs/mobile-pay.md). */
      mobilePay: MobilePayService;
    };
  }
}

export default defineModule({
  name: 'mobile-pay',
  needs: ['recharge', 'market'],
  build: ({ config, recharge, market }) => ({ mobilePay: new MobilePayService(recharge, market, config.publicUrl) }),
  routes: (app, { mobilePay }) => app.register(mobilePayRoutes, { mobilePay }),
});

export { type MobilePayService } from './mobile-pay.service.js';
