import type { WorkAsset } from '@spatia/contract';

/** The newest original upload: processing converts that one, so it is the one to hand back. */
export function newestOrigin(assets: readonly WorkAsset[]): WorkAsset | null {
  let newest: WorkAsset | null = null;
  for (const asset of assets) {
    if (asset.kind === 'origin' && (!newest || asset.createdAt > newest.createdAt)) newest = asset;
  }
  return newest;
}
