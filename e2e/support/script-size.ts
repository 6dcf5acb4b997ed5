import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';

/*
 * The size checks' measure (e2e/home-script-size.spec.ts, e2e/mobile-script-size.spec.ts): what a page fetched as
 * script, from the navigation until the moment the check calls it, counted as gzip: each file compressed at
 * gzip's level 9, as the build's `.gz` twins that the server sends to a browser accepting gzip only. Chromium
 * accepts brotli and gets the smaller `.br` twins; that figure (Resource Timing's `encodedBodySize`) comes beside it.
 */

export interface SizedScript {
  path: string;
  /** Bytes as gzip at level 9. */
  gzip: number;
  /** Bytes Chromium received (brotli). */
  onTheWire: number;
}

export interface ScriptSizes {
  scripts: SizedScript[];
  gzip: number;
  onTheWire: number;
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Every script the page has fetched so far, with its gzip size, and the sums. */
export async function measureScripts(page: Page, context: BrowserContext): Promise<ScriptSizes> {
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, onTheWire: entry.encodedBodySize })),
  );
  const scripts = await Promise.all(
    fetched.map(async (script) => {
      const body = await (await context.request.get(script.path)).body();
      return { ...script, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  return {
    scripts,
    gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    onTheWire: scripts.reduce((sum, script) => sum + script.onTheWire, 0),
  };
}

/** The biggest files first, one a line (SIZE_DETAIL=1). */
export function logScriptDetail(sizes: ScriptSizes): void {
  if (!process.env.SIZE_DETAIL) return;
  for (const script of [...sizes.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`${String(script.gzip).padStart(7)} ${script.path}`);
}
