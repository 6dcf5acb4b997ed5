import { defineModule } from '../../kernel/module.js';
import { QrLoginRepository } from './qr-login.repository.js';
import { qrLoginRoutes } from './qr-login.routes.js';
import { QrLoginService } from './qr-login.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'qr-login': { qrLogin: QrLoginService };
  }
}

export default defineModule({
  name: 'qr-login',
  needs: ['accounts'],
  build: ({ database, accounts, rateLimiter }) => ({
    qrLogin: new QrLoginService(new QrLoginRepository(database.db), accounts, rateLimiter),
  }),
  routes: (app, { qrLogin, config }) => app.register(qrLoginRoutes, { qrLogin, publicUrl: config.publicUrl }),
});
