import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as sessions record it. */
export interface ClientInfo {
  userAgent: string;
  ip: string;
}

/**
 * Fastify's `trustProxy` for the configured TRUST_PROXY: a number of proxies becomes "believe that many
 * hops from the socket", so the client is the address the farthest of our proxies saw.
 */
export function trustProxyOption(trustProxy: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** The origin people reach the site at: PUBLIC_URL when configured, else this request's own. */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Who is asking, as sessions and QR tickets record it. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

/** One cookie's value from the raw header, without parsing every cookie of every request. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // broken percent-encoding (`%E0%A4%A`): no usable value, not a failed request
  }
}

/**
 * The bucket one client's address counts in for per-address limits. `request.ip` is the socket's
 * address unless TRUST_PROXY names the proxies in front (then the address the nearest untrusted hop
 * gave, which a client cannot forge). IPv4 counts per address (an IPv4-mapped IPv6 address as its
 * IPv4); IPv6 per /64, since one subscriber usually holds a whole /64 and could otherwise change
 * address for every request.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIPv4(ip)) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, embedded IPv4 folded in), or undefined. */
function expandIpv6(ip: string): string[] | undefined {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return undefined;
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
