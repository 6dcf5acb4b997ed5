import { i18n } from '../i18n';

export interface ParsedUserAgent {
  /** Browser or app name; '' when it cannot be told. */
  browser: string;
  /** Operating system; '' when it cannot be told. */
  os: string;
  mobile: boolean;
}

/** Order matters: many browsers also claim to be Chrome or Safari, so the specific names come first. */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/DingTalk\//, 'DingTalk'],
  [/QQBrowser\//, 'QQ Browser'],
  [/UCBrowser\//, 'UC Browser'],
  [/Edg(A|iOS)?\//, 'Edge'],
  [/(OPR|Opera)\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/(Firefox|FxiOS)\//, 'Firefox'],
  [/(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows NT|Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
}

/** A friendly reading of a User-Agent header, good enough to tell one's own devices apart. */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const value = userAgent ?? '';
  return {
    browser: firstMatch(value, BROWSERS),
    os: firstMatch(value, SYSTEMS),
    mobile: /Mobi|iPhone|iPod|Android.*Mobile|HarmonyOS/.test(value),
  };
}

/** 'Chrome on Windows' / 'Windows 上的 Chrome'; 'Unknown device' when nothing can be told. */
export function describeDevice(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return i18n.t('common.device.browserOnOs', { browser, os });
  if (browser || os) return browser || os;
  return i18n.t('common.device.unknown');
}
