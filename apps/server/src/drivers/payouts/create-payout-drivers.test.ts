import type { PayoutChannel, PayoutProvider } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { PayoutDrivers } from './create-payout-drivers.js';
import type { PayoutDriver } from './payout-driver.js';

/** A driver that is never asked to pay here: these tests only route channels to providers. */
const driverOf = (provider: PayoutProvider, channels: readonly PayoutChannel[]): PayoutDriver => ({
  provider,
  channels,
  transfer: () => Promise.reject(new Error('not called')),
  query: () => Promise.reject(new Error('not called')),
});
const sandbox = driverOf('sandbox', ['alipay', 'wechat']);
const alipay = driverOf('alipay', ['alipay']);
const wechat = driverOf('wechat', ['wechat']);

describe('PayoutDrivers', () => {
  it('pays each channel through its own provider, and offers only the channels a provider pays', () => {
    const drivers = new PayoutDrivers({ alipay, wechat });
    expect([drivers.forChannel('alipay'), drivers.forChannel('wechat')]).toEqual([alipay, wechat]);
    expect(new PayoutDrivers({ alipay }).channels).toEqual(['alipay']);
    expect(new PayoutDrivers({ alipay }).forChannel('wechat')).toBeUndefined();
  });

  it('never lets the sandbox stand in for a real provider that is not configured', () => {
    // A channel without its provider is not offered: the sandbox would book the withdrawal as paid while no money left.
    const drivers = new PayoutDrivers({ alipay, sandbox });
    expect(drivers.forChannel('wechat')).toBeUndefined();
    expect(drivers.channels).toEqual(['alipay']);
    expect(drivers.sandbox).toBe(false);
    expect(new PayoutDrivers({ wechat, sandbox }).channels).toEqual(['wechat']);
  });

  it('pays every channel through the sandbox on a test site, where it is the only provider', () => {
    const drivers = new PayoutDrivers({ sandbox });
    expect(drivers.channels).toEqual(['alipay', 'wechat']);
    expect(drivers.forChannel('wechat')).toBe(sandbox);
    expect(drivers.sandbox).toBe(true);
    expect(new PayoutDrivers({}).channels).toEqual([]);
  });
});
