// The shop of a space on a phone (spec 2.5, docs/space-shop.md): `/space/shop` and `/mobile/storeDetail`.
export { SpaceShopScreen } from './components/space-shop-view';
export { StoreItemView } from './components/store-item-view';
export { StoreItemState, useShopStyle } from './components/store-item-state';
export type { ScreenFrame } from './components/screen-frame';
export { idOf, spaceShopPath } from './lib/shop-paths';
