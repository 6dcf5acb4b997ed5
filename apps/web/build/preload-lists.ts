import type { Plugin } from 'vite';

/**
 * Shorter preload lists for lazy chunks (docs/web.md, "Loading").
 *
 * For every dynamic import Vite writes the list of chunks to preload with it (`__vite__mapDeps`), all of them,
 * including those the entry imports statically: they are loaded before any code runs, so listing them again in
 * each of the route table's hundred lazy pages only makes the first script larger (about 2 kB gzip). This keeps
 * them out of the lists of dynamic imports; the page's own `<link rel="modulepreload">` list is left alone.
 */
export function preloadListsWithoutInitialChunks(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[];
} {
  const initial = new Set<string>();
  return {
    plugin: {
      name: 'spatia-initial-chunks',
      apply: 'build',
      // Before Vite's own generateBundle writes the lists.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          initial.clear();
          const queue = Object.values(bundle).flatMap((item) => (item.type === 'chunk' && item.isEntry ? [item.fileName] : []));
          while (queue.length > 0) {
            const fileName = queue.pop()!;
            if (initial.has(fileName)) continue;
            initial.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') queue.push(...chunk.imports);
          }
        },
      },
    },
    resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !initial.has(dep))),
  };
}
