import type { PaymentsConfig } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import type { PaymentDriver, PaymentProvider } from './payment-driver.js';
import { AlipayDriver } from './alipay.js';
import { SandboxPayDriver } from './sandbox-pay.js';
import { WechatPayDriver } from './wechat-pay.js';

export interface PaymentDriverSet {
  drivers: Partial<Record<PaymentProvider, PaymentDriver>>;
  /** The sandbox's checkout side, when the sandbox is one of the providers. */
  sandbox: SandboxPayDriver | undefined;
}

/** One driver per provider the site takes (PAYMENT_PROVIDERS). */
export function createPaymentDrivers(
  config: PaymentsConfig,
  options: { db: Db; secret: () => Promise<string>; publicUrl: string | undefined },
): PaymentDriverSet {
  const sandbox = config.providers.includes('sandbox') ? new SandboxPayDriver(options.db, options.secret, options.publicUrl) : undefined;
  return {
    drivers: {
      sandbox,
      wechat: config.wechat && new WechatPayDriver(config.wechat),
      alipay: config.alipay && new AlipayDriver(config.alipay),
    },
    sandbox,
  };
}
