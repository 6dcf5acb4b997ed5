import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The modules the details page's first view starts as the entry runs (apps/web/src/main.tsx). */
const FIRST_VIEW_SOURCES = ['src/app/server-first-view-prefetch.ts', '../../packages/viewers/src/tour/index.ts'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The built files the tour viewer's first frame needs beyond the entry's own (which index.html preloads
 * already): the prefetch module, the viewer and their static imports, from Vite's manifest. Announced in the
 * head of a page with a first view, they download beside the entry instead of after the page's code has run
 * and asked for them (docs/web.md, "The shared work page"). Empty without a manifest (a development build).
 */
export function firstViewModuleFiles(distDir: string): { scripts: string[]; styles: string[] } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { scripts: [], styles: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const preloadedAlready = closure(entryKeys);
  const needed = [...closure(FIRST_VIEW_SOURCES.filter((key) => manifest[key]))].filter((key) => !preloadedAlready.has(key));
  return {
    scripts: needed.map((key) => `/${manifest[key]!.file}`),
    styles: needed.flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`)),
  };
}
