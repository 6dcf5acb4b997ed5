/**
 * What the pay QR code must encode: the provider's own link (weixin://…, https://qr.alipay.com/…) as
 * given, and the sandbox's checkout page, which the server names by path when it knows no PUBLIC_URL,
 * made absolute against the address this page was opened at, so another device can open it.
 */
export function absoluteCheckoutUrl(codeUrl: string, origin: string): string {
  return codeUrl.startsWith('/') ? new URL(codeUrl, origin).toString() : codeUrl;
}
