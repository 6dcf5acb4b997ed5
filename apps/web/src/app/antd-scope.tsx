import { App as AntdApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import type { Language } from '@spatia/contract';
import { connectFeedbackHost } from '../api/feedback';
import { onLanguageLoad, useLanguage } from '../i18n';
import { followLanguageInDayjs } from '../i18n/dayjs-locale';
import { useMediaQuery } from '../lib/use-media-query';
import './antd-scope.css';

/**
 * Ant Design's theme, locale and context-aware message and modal, for what uses antd (docs/web.md, "Loading").
 * This module is loaded on demand (app/antd.ts): the public home page and the public layout render without
 * antd, so it stays out of their first script.
 */
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 8,
    // antd's secondary text (descriptions, empty states, Typography's secondary) is 0.45 black by default:
    // 3.4:1 on white, under WCAG AA's 4.5:1 (axe, e2e/public-site.spec.ts). 0.62 black is 6:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // A Select's placeholder is text on the page (an input's is not checked): 0.25 black by default, 1.9:1.
    // 0.56 black is 4.9:1, still lighter than what a person typed (0.88).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#fff', siderBg: '#fff' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8 },
  },
  // Every scope (a page, a lazy dialog, the feedback host) shares one key: one set of CSS variables, not one per scope.
  cssVar: { key: 'css-var-spatia' },
};

/**
 * Every table scrolls sideways inside its own box when its columns need more room than the screen gives,
 * instead of squeezing words apart or widening the page (issue 24); a table may still set its own `scroll`.
 */
const tableDefaults: ConfigProviderProps['table'] = { scroll: { x: 'max-content' } };

/** antd's texts in each language, fetched with the language (only the visitor's at first). */
const antdLocaleLoaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/locale/zh_CN'),
  en: () => import('antd/locale/en_US'),
};
const antdLocales = new Map<Language, Locale>();

/** Loads antd's locale of a language; the language switch waits for it (onLanguageLoad), so does the first scope. */
export async function loadAntdLocale(language: Language): Promise<void> {
  if (!antdLocales.has(language)) antdLocales.set(language, (await antdLocaleLoaders[language]()).default);
}
onLanguageLoad(loadAntdLocale);
followLanguageInDayjs();

/**
 * antd's theme and locale (following the language switch) and its `App` (`App.useApp()`'s message and modal) around
 * what it wraps. `App` renders a `display: contents` element: its font, colour and CSS variables reach the children,
 * and the layout is as if it were not there.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const language = useLanguage();
  // People who ask their system for less motion get no sliding, fading or zooming from antd.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeForMotion = useMemo(() => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocales.get(language)} theme={themeForMotion} table={tableDefaults}>
      <AntdApp className="antd-scope">{children}</AntdApp>
    </ConfigProvider>
  );
}

/** A component rendered inside its own antd scope (a route's page or layout, a lazily loaded dialog). */
export function withAntdScope<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function Scoped(props: Props) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  }
  Scoped.displayName = `AntdScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}

/** Hands antd's context-aware message and modal to what shows feedback outside React (the HTTP client, the guard). */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => connectFeedbackHost({ message, modal }), [message, modal]);
  return null;
}

/** The feedback host: mounted beside the app the first time something outside React shows a message or dialog. */
export function FeedbackHost() {
  return (
    <AntdScope>
      <FeedbackBridge />
    </AntdScope>
  );
}
