import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the viewer mounted in `host` (a viewer of packages/viewers) has drawn a frame with all it
 * asked for loaded, at the size `host` has now. The viewer keeps that size in `host`'s `data-drawn`
 * (packages/viewers/src/shared/drawn-signal.ts); another size there is a frame from before a resize.
 */
export async function expectDrawn(host: Locator, { timeout = 30_000 }: { timeout?: number } = {}): Promise<void> {
  await expect
    .poll(
      () =>
        host.evaluate((element) => {
          const size = `${element.clientWidth}x${element.clientHeight}`;
          const drawn = element.getAttribute('data-drawn');
          return drawn === size ? 'drawn' : `data-drawn is ${drawn ?? 'absent'}, the element is ${size}`;
        }),
      { message: 'the viewer has drawn what it loaded at the size it has now', timeout },
    )
    .toBe('drawn');
}
