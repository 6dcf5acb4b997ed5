import { WechatOfficialAccountDriver } from '../../drivers/oauth/wechat-official-account.js';
import { defineModule } from '../../kernel/module.js';
import { mobilePayRoutes } from './mobile-pay.routes.js';
import { MobilePayService } from './mobile-pay.service.js';
import { WechatPayerService } from './wechat-payer.service.js';
import { WechatPayersRepository } from './wechat-payers.repository.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'mobile-pay': {
      /** Buying on a phone through the providers' phone flows, and the order read back (docs/mobile-pay.md). */
      mobilePay: MobilePayService;
      /** The payer's openid for WeChat Pay inside WeChat, from the official account's web authorization. */
      wechatPayer: WechatPayerService;
    };
  }
}

export default defineModule({
  name: 'mobile-pay',
  needs: ['recharge', 'market'],
  build: ({ config, database, cache, recharge, market }) => {
    const officialAccount = config.wechatOfficialAccount ? new WechatOfficialAccountDriver(config.wechatOfficialAccount) : undefined;
    const wechatPayer = new WechatPayerService(
      officialAccount,
      config.payments.providers.includes('wechat'),
      new WechatPayersRepository(database.db),
      cache,
    );
    return { wechatPayer, mobilePay: new MobilePayService(recharge, market, wechatPayer, config.publicUrl) };
  },
  routes: (app, { mobilePay, wechatPayer, config }) =>
    app.register(mobilePayRoutes, { mobilePay, wechatPayer, publicUrl: config.publicUrl }),
});

export { type MobilePayService } from './mobile-pay.service.js';
export { type WechatPayerService } from './wechat-payer.service.js';
