import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, type ReactNode } from 'react';
import { registerFeedback } from '../api/feedback';
import type { Language } from '@spatia/contract';
import { onLanguageLoad, useLanguage } from '../i18n';
import { useMediaQuery } from '../lib/use-media-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 8,
    // antd's secondary text (descriptions, empty states, Typography's secondary) is 0.45 black by default:
    // 3.4:1 on white, under WCAG AA's 4.5:1 (axe, e2e/public-site.spec.ts). 0.62 black is 6:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#fff', siderBg: '#fff' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8 },
  },
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

/** Loads antd's locale of a language; the language switch waits for it (onLanguageLoad), so does the first render. */
export async function loadAntdLocale(language: Language): Promise<void> {
  if (!antdLocales.has(language)) antdLocales.set(language, (await antdLocaleLoaders[language]()).default);
}
onLanguageLoad(loadAntdLocale);

/** Hands antd's context-aware message and modal to the HTTP client. */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => {
    registerFeedback({ message, modal });
  }, [message, modal]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  // People who ask their system for less motion get no sliding, fading or zooming from antd.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themeForMotion = useMemo(() => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales.get(language)} theme={themeForMotion} table={tableDefaults}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
