import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { addressBucket, trustProxyOption } from './request-info.js';

describe('addressBucket', () => {
  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:0db8:0000:0000:ffff:1:2:3')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('trustProxyOption', () => {
  it('believes only as many hops as there are proxies', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const oneProxy = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(oneProxy('10.0.0.2', 0)).toBe(true);
    expect(oneProxy('198.51.100.9', 1)).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  async function clientAddress(trustProxy: string, forwardedFor: string) {
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: trustProxy });
    const app = Fastify({ trustProxy: trustProxyOption(config.trustProxy) });
    app.get('/ip', async (request) => request.ip);
    const response = await app.inject({ url: '/ip', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    return response.body;
  }

  it('takes the address our proxy saw, not one the client wrote in front of it', async () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; our proxy (10.0.0.2) appended the address it saw.
    expect(await clientAddress('true', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9');
    expect(await clientAddress('1', '1.2.3.4, 198.51.100.9')).toBe('198.51.100.9');
    expect(await clientAddress('2', '1.2.3.4, 198.51.100.9, 10.0.0.3')).toBe('198.51.100.9');
    expect(await clientAddress('10.0.0.0/8', '1.2.3.4, 198.51.100.9, 10.0.0.3')).toBe('198.51.100.9');
    expect(await clientAddress('false', '1.2.3.4')).toBe('10.0.0.2');
  });

  it('refuses a value it cannot read', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
