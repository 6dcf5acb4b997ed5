/**
 * The default point budget for this device (docs/viewers-3d.md "Budgets"): a million points on a
 * desktop, 300 000 on a phone or tablet, less again with little memory or few cores.
 */
export interface DeviceClass {
  /** `navigator.deviceMemory` in GB (Chrome caps it at 8), undefined where the browser does not tell. */
  deviceMemoryGb: number | undefined;
  /** `navigator.hardwareConcurrency`, undefined where unknown. */
  cores: number | undefined;
  /** `matchMedia('(pointer: coarse)')`: touch as the main pointer. */
  coarsePointer: boolean;
  /** The screen's short side in CSS pixels. */
  screenShortSide: number;
}

export const DESKTOP_POINT_BUDGET = 1_000_000;
export const HANDHELD_POINT_BUDGET = 300_000;
export const LOW_END_POINT_BUDGET = 150_000;

export function defaultPointBudget(device: DeviceClass): number {
  const handheld = device.coarsePointer && device.screenShortSide <= 1024;
  let budget = handheld ? HANDHELD_POINT_BUDGET : DESKTOP_POINT_BUDGET;
  const memory = device.deviceMemoryGb;
  if (memory !== undefined) {
    if (memory <= 1) budget = Math.min(budget, LOW_END_POINT_BUDGET);
    else if (memory <= 2) budget = Math.min(budget, HANDHELD_POINT_BUDGET);
    else if (memory <= 4 && !handheld) budget = Math.min(budget, 600_000);
  }
  if (device.cores !== undefined && device.cores <= 2) budget = Math.min(budget, Math.max(LOW_END_POINT_BUDGET, budget / 2));
  return budget;
}

export function readDeviceClass(): DeviceClass {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return {
    deviceMemoryGb: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : undefined,
    cores: typeof nav.hardwareConcurrency === 'number' && nav.hardwareConcurrency > 0 ? nav.hardwareConcurrency : undefined,
    coarsePointer: typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches,
    screenShortSide: Math.min(screen.width, screen.height),
  };
}
