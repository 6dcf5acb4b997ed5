import { describe, expect, it } from 'vitest';
import { insideWechat, payChoices } from './pay-choices';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

describe('payChoices', () => {
  it('inside WeChat offers WeChat Pay by JSAPI (and the sandbox), never a cashier WeChat blocks', () => {
    expect(insideWechat(WECHAT_UA)).toBe(true);
    expect(payChoices(['wechat', 'alipay'], true)).toEqual([{ provider: 'wechat', flow: 'jsapi' }]);
    expect(payChoices(['sandbox'], true)).toEqual([{ provider: 'sandbox', flow: 'h5' }]);
  });

  it("inside WeChat offers no JSAPI until the payer's openid is known (or where the official account is not configured)", () => {
    expect(payChoices(['wechat', 'sandbox'], true, false)).toEqual([{ provider: 'sandbox', flow: 'h5' }]);
    expect(payChoices(['wechat'], true, false)).toEqual([]);
    expect(payChoices(['wechat', 'alipay'], false, false)).toEqual([
      { provider: 'wechat', flow: 'h5' },
      { provider: 'alipay', flow: 'wap' },
    ]);
  });

  it("elsewhere offers WeChat's H5 cashier, Alipay's wap and the sandbox", () => {
    expect(insideWechat('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
    expect(payChoices(['wechat', 'alipay'], false)).toEqual([
      { provider: 'wechat', flow: 'h5' },
      { provider: 'alipay', flow: 'wap' },
    ]);
    expect(payChoices(['sandbox'], false)).toEqual([{ provider: 'sandbox', flow: 'h5' }]);
    expect(payChoices([], false)).toEqual([]);
  });
});
