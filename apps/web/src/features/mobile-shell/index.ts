/*
 * The phone pages' shell (spec 2.5, docs/mobile.md): antd-mobile 5 with its React 19 render hook, the screen
 * frame with the top bar and the bottom tab bar, and the pull-to-refresh list. Phone routes say `antd: false`, so
 * desktop antd never loads on them.
 */
export { MobileScreen } from './components/mobile-screen';
export { MobileProviders } from './components/mobile-providers';
export { MobileTabBar, mobileTabOf, mobileTabPath, type MobileTab } from './components/mobile-tab-bar';
export { PullList, type ListPage } from './components/pull-list';
export { PullRefresh } from './components/pull-refresh';
export { signInPath, useSignInFirst } from './lib/sign-in';
