import { currentLanguage } from '../i18n';
import type * as AntdScope from './antd-scope';

type AntdScopeModule = typeof AntdScope;

let loading: Promise<AntdScopeModule> | undefined;

/**
 * Ant Design's scope module (theme, locale, `App`), loaded once, with antd's texts of the current language
 * (docs/web.md, "Loading"). The routes and lazy components that use antd wait for it before they render.
 */
export function loadAntd(): Promise<AntdScopeModule> {
  loading ??= import('./antd-scope')
    .then(async (module) => {
      await module.loadAntdLocale(currentLanguage());
      return module;
    })
    .catch((error: unknown) => {
      // A failed chunk (a deploy replaced it, the network dropped) is fetched again next time.
      loading = undefined;
      throw error;
    });
  return loading;
}
