import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstViewModuleFiles } from './first-view-modules.js';
import { withPageMeta } from './web-app.js';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Spatia</title><script type="module" src="/assets/app.js"></script></head><body></body></html>';

describe('withPageMeta', () => {
  it('writes names as text: markup escaped, and `$` sequences kept as typed rather than read as replacement patterns', () => {
    const name = `<img src=x onerror=alert(1)> $' $\` $& $$`;
    const html = withPageMeta(INDEX, { title: name, description: `"${name}"`, imageUrl: '', url: 'https://s.example/details/W1' });
    const escaped = `&#60;img src=x onerror=alert(1)&#62; $&#39; $\` $&#38; $$`;
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta name="description" content="&#34;${escaped}&#34;" />`);
    // The page's own markup appears once: nothing was copied into the tags.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
  });

  it('preloads a first-view picture and shows it first in the root, escaped', () => {
    const html = withPageMeta(INDEX.replace('<body></body>', '<body><div id="root"></div></body>'), {
      title: 'Tour',
      description: 'A tour',
      imageUrl: '',
      url: 'https://s.example/details/W1',
      firstViewImageUrl: '/files/works/W1/base/front.jpg?a="b"',
    });
    const src = '/files/works/W1/base/front.jpg?a=&#34;b&#34;';
    expect(html).toContain(`<link rel="preload" as="image" href="${src}" fetchpriority="high" />`);
    expect(html).toMatch(new RegExp(`<div id="root"><div data-first-view[^>]*><div[^>]*><img src="${src.replace(/[?]/g, '\\?')}"`));
    expect(html.indexOf('data-first-view')).toBeLessThan(html.indexOf('data-crawler-summary'));
  });

  it('writes no first view for pages without one', () => {
    const html = withPageMeta(INDEX.replace('<body></body>', '<body><div id="root"></div></body>'), {
      title: 'Home',
      description: '',
      imageUrl: '',
      url: 'https://s.example/',
    });
    expect(html).not.toContain('data-first-view');
    expect(html).not.toContain('rel="preload"');
  });

  it("announces the viewer's code after the entry's on a page with a first view, and only there", () => {
    const modules = { scripts: ['/assets/viewer.js', '/assets/three.js'], styles: ['/assets/viewer.css'] };
    const withEntry = INDEX.replace('</head>', '<script type="module" src="/assets/entry.js"></script></head>').replace(
      '<body></body>',
      '<body><div id="root"></div></body>',
    );
    const html = withPageMeta(
      withEntry,
      { title: 'Tour', description: '', imageUrl: '', url: 'https://s.example/details/W1', firstViewImageUrl: '/f.jpg' },
      modules,
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/viewer.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/three.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/viewer.css">');
    expect(html.indexOf('/assets/entry.js')).toBeLessThan(html.indexOf('/assets/viewer.js'));
    expect(html.indexOf('/assets/viewer.js')).toBeLessThan(html.indexOf('</head>'));
    const home = withPageMeta(withEntry, { title: 'Home', description: '', imageUrl: '', url: 'https://s.example/' }, modules);
    expect(home).not.toContain('modulepreload');
  });
});

describe('firstViewModuleFiles', () => {
  it("lists the prefetch module's and the tour viewer's files that the entry does not load already", () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'spatia-dist-'));
    try {
      mkdirSync(path.join(distDir, '.vite'));
      const manifest = {
        'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        'src/app/server-first-view-prefetch.ts': { file: 'assets/prefetch.js', imports: ['_react.js', '_queries.js'] },
        '_queries.js': { file: 'assets/queries.js' },
        '../../packages/viewers/src/tour/index.ts': { file: 'assets/tour.js', imports: ['_three.js'], css: ['assets/tour.css'] },
        '_three.js': { file: 'assets/three.js' },
        'src/pages/other-page.tsx': { file: 'assets/other.js' },
      };
      writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const files = firstViewModuleFiles(distDir);
      expect(files.scripts.sort()).toEqual(['/assets/prefetch.js', '/assets/queries.js', '/assets/three.js', '/assets/tour.js']);
      expect(files.styles).toEqual(['/assets/tour.css']);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('lists nothing without a manifest', () => {
    expect(firstViewModuleFiles(tmpdir())).toEqual({ scripts: [], styles: [] });
  });
});
