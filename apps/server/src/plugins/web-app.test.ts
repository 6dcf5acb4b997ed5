import { describe, expect, it } from 'vitest';
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
});
