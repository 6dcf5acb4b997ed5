import { describe, expect, it } from 'vitest';
import { absoluteCheckoutUrl } from './checkout-url';

describe('absoluteCheckoutUrl', () => {
  it('makes the sandbox checkout path absolute against the page’s origin', () => {
    expect(absoluteCheckoutUrl('/mobile/sandboxPay/R1?sign=ab', 'http://192.168.1.5:8080')).toBe(
      'http://192.168.1.5:8080/mobile/sandboxPay/R1?sign=ab',
    );
  });

  it('keeps a provider’s own link as it is', () => {
    expect(absoluteCheckoutUrl('weixin://wxpay/bizpayurl?pr=abc', 'https://spatia.example.com')).toBe('weixin://wxpay/bizpayurl?pr=abc');
    expect(absoluteCheckoutUrl('https://qr.alipay.com/bax0001', 'https://spatia.example.com')).toBe('https://qr.alipay.com/bax0001');
  });
});
