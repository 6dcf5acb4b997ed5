import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { describeDevice, parseUserAgent } from './user-agent';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  wechatIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
};

afterAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('parseUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome', 'Windows', false],
    [UA.edgeWindows, 'Edge', 'Windows', false],
    [UA.safariMac, 'Safari', 'macOS', false],
    [UA.wechatIphone, 'WeChat', 'iOS', true],
    [UA.firefoxLinux, 'Firefox', 'Linux', false],
    [UA.chromeAndroid, 'Chrome', 'Android', true],
    [UA.headless, 'Chrome', 'Linux', false],
  ])('reads %s', (userAgent, browser, os, mobile) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, os, mobile });
  });

  it('gives empty names for what it cannot tell', () => {
    expect(parseUserAgent('')).toEqual({ browser: '', os: '', mobile: false });
    expect(parseUserAgent(undefined)).toEqual({ browser: '', os: '', mobile: false });
  });
});

describe('describeDevice', () => {
  it('names browser and system in the current language', async () => {
    await i18n.changeLanguage('en');
    expect(describeDevice(UA.chromeWindows)).toBe('Chrome on Windows');
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice('')).toBe('Unknown device');
    await i18n.changeLanguage('zh');
    expect(describeDevice(UA.safariMac)).toBe('macOS 上的 Safari');
    expect(describeDevice('')).toBe('未知设备');
  });
});
