import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { registerFeedback } from '../api/feedback';
import { useLanguage } from '../i18n';
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
      <ConfigProvider locale={language === 'zh' ? zhCN : enUS} theme={themeForMotion} table={tableDefaults}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
