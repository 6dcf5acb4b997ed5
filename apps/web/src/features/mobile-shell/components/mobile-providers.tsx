import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../i18n';
import { installReact19Render } from '../render-hook';

installReact19Render();

/** antd-mobile's locale follows the app's language (its infinite-scroll, search bar and dialog texts). */
export function MobileProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <ConfigProvider locale={language === 'zh' ? zhCN : enUS}>{children}</ConfigProvider>;
}
