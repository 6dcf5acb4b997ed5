import { i18n } from '../i18n';
import { catalogues } from '../i18n/locales';
import { addAllNamespaces } from '../i18n/namespaces';
import { loadAntdLocale } from '../app/antd-scope';

// Components under test render at once, in either language: every message and both antd locales up front.
addAllNamespaces(i18n, 'zh', catalogues.zh);
addAllNamespaces(i18n, 'en', catalogues.en);
await Promise.all([loadAntdLocale('zh'), loadAntdLocale('en')]);
