import { lazy, type ComponentType } from 'react';
import { loadAntd } from '../app/antd';
import { namespacesReady } from '../i18n';

/**
 * A component whose code (and messages) load the first time it renders, as React.lazy does, but shown only
 * once the messages of the namespaces its module brought along are loaded: no keys flash in their place.
 * For what a page shows only on demand (dialogs, signed-in parts of the header), so that it stays out of the
 * page's first script. It renders inside its own antd scope (theme, locale, `App.useApp()`), since the page
 * that shows it may have none (the home page and the public layout render without antd).
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [component, antd] = await Promise.all([load(), loadAntd()]);
    await namespacesReady();
    return { default: antd.withAntdScope(component) };
  });
}
