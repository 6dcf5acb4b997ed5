import type { PayoutChannel, PayoutProvider } from '@spatia/contract';
import type { PayoutsConfig } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { AlipayPayoutDriver } from './alipay-payout.js';
import type { PayoutDriver } from './payout-driver.js';
import { SandboxPayoutDriver } from './sandbox-payout.js';
import { WechatTransferDriver } from './wechat-transfer.js';

/**
 * One driver per provider of PAYOUT_PROVIDERS; each channel is paid by its own provider when listed. The
 * sandbox pays every channel on a test site, where it is the only one (config.ts), and never stands in for
 * a real provider that is not listed: it would book a real person's withdrawal as paid while no money left.
 */
export class PayoutDrivers {
  constructor(private readonly drivers: Partial<Record<PayoutProvider, PayoutDriver>>) {}

  /** The driver that pays new payouts to this channel, if any. */
  forChannel(channel: PayoutChannel): PayoutDriver | undefined {
    const own = this.drivers[channel];
    if (own?.channels.includes(channel)) return own;
    const realProviders = (Object.keys(this.drivers) as PayoutProvider[]).filter(
      (provider) => provider !== 'sandbox' && this.drivers[provider],
    );
    return realProviders.length === 0 ? this.drivers.sandbox : undefined;
  }

  /** The driver of a payout already started: asked again whatever the configuration says now. */
  byProvider(provider: PayoutProvider): PayoutDriver | undefined {
    return this.drivers[provider];
  }

  /** Every configured driver: the payout job works through each one's withdrawals side by side. */
  get configured(): PayoutDriver[] {
    return Object.values(this.drivers).filter((driver): driver is PayoutDriver => driver !== undefined);
  }

  /** The channels this site pays out to, in the order the page offers them. */
  get channels(): PayoutChannel[] {
    return (['alipay', 'wechat'] as const).filter((channel) => this.forChannel(channel) !== undefined);
  }

  /** True when some channel is paid by the sandbox: nothing real is paid there. */
  get sandbox(): boolean {
    return this.channels.some((channel) => this.forChannel(channel)?.provider === 'sandbox');
  }
}

export function createPayoutDrivers(config: PayoutsConfig, db: Db): PayoutDrivers {
  return new PayoutDrivers({
    sandbox: config.providers.includes('sandbox') ? new SandboxPayoutDriver(db) : undefined,
    alipay: config.alipay && new AlipayPayoutDriver(config.alipay),
    wechat: config.wechat && new WechatTransferDriver(config.wechat),
  });
}
