import { WechatOAuthDriver } from '../../drivers/oauth/wechat-oauth.js';
import { defineModule } from '../../kernel/module.js';
import { WechatRepository } from './wechat.repository.js';
import { wechatRoutes } from './wechat.routes.js';
import { WechatService } from './wechat.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    wechat: {
      /** WeChat sign-in; present when it is configured. */
      wechat: WechatService | undefined;
    };
  }
}

export default defineModule({
  name: 'wechat',
  needs: ['users', 'accounts', 'sms-codes'],
  build: ({ config, database, users, accounts, smsCodes, cache, secrets }) => ({
    wechat: config.wechat
      ? new WechatService(new WechatOAuthDriver(config.wechat), new WechatRepository(database.db), users, accounts, smsCodes, cache, () =>
          secrets.get('wechat-binding'),
        )
      : undefined,
  }),
  routes: async (app, { wechat, accounts, config }) => {
    if (wechat) await app.register(wechatRoutes, { wechat, accounts, publicUrl: config.publicUrl });
  },
});
