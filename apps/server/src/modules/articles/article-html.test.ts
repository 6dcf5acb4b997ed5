import type { ArticleNode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { articlePlainText, renderArticleHtml, sanitizeArticleHtml } from './article-html.js';

const OWN_IMAGE = `/files/articles/images/${'a'.repeat(64)}.webp`;
const OWN_VIDEO = `/files/articles/videos/${'b'.repeat(64)}.mp4`;

/** XSS payloads of the usual cheat sheets: tags, handlers, URL schemes, encodings, broken markup. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/files/articles/images/' + 'a'.repeat(64) + '.webp" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href="https://ok.example" style="background:url(javascript:alert(1))">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert(1)>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="background-image:url(javascript:alert(1))">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video src=x onerror=alert(1)></video>',
  '<video><source onerror="alert(1)"></video>',
  '<video src="javascript:alert(1)" controls></video>',
  '<video src="data:video/mp4;base64,AAAA" controls></video>',
  '<audio src=x onerror=alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://evil.example/track.gif">',
  '<img """><script>alert(1)</script>">',
  '<img src=`x`onerror=alert(1)>',
  '<<script>alert(1);//<</script>',
  '<p><a href="https://ok.example">open<p onmouseover=alert(1)>',
  '"><script>alert(1)</script>',
  '</p><script>alert(1)</script><p>',
  '<!--<script>alert(1)--><script>alert(1)</script>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<h2 onclick=alert(1)>x</h2>',
  '<ol start="1" onclick="alert(1)"><li>x</li></ol>',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '＜script＞alert(1)＜/script＞',
];

/** What must never be in an article's HTML as markup (escaped text is harmless). */
function assertHarmless(html: string): void {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    expect(tag).not.toMatch(
      /^<\/?(script|svg|math|iframe|object|embed|style|link|meta|base|form|input|body|details|audio|source|textarea|template|noscript)\b/i,
    );
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\sstyle\s*=/i);
    expect(tag).not.toMatch(/(javascript|vbscript|data)\s*:/i);
    expect(tag).not.toMatch(/\s(src|href)\s*=\s*"\/\//i);
    expect(tag).not.toMatch(/\ssrcdoc\s*=|xlink:href/i);
  }
  for (const match of html.matchAll(/<img [^>]*src="([^"]*)"/g)) expect(match[1]).toMatch(/^\/files\/articles\/images\//);
}

const doc = (...content: ArticleNode[]): ArticleNode => ({ type: 'doc', content });
const paragraph = (...content: ArticleNode[]): ArticleNode => ({ type: 'paragraph', content });
const text = (value: string, marks?: ArticleNode['marks']): ArticleNode => ({ type: 'text', text: value, ...(marks && { marks }) });

describe('article HTML', () => {
  it('renders what the editor writes', () => {
    const html = renderArticleHtml(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('全景拍摄')] },
        paragraph(
          text('粗体', [{ type: 'bold' }]),
          text(' and '),
          text('link', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1&c=2' } }]),
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('three'))] }] },
        { type: 'blockquote', content: [paragraph(text('quote'))] },
        { type: 'image', attrs: { src: OWN_IMAGE, alt: 'a "cover"' } },
        { type: 'video', attrs: { src: OWN_VIDEO } },
        { type: 'video', attrs: { src: 'https://cdn.example.com/clip.webm' } },
      ),
    );
    expect(html).toBe(
      '<h2>全景拍摄</h2><p><strong>粗体</strong> and <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">link</a></p>' +
        '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote>' +
        `<img src="${OWN_IMAGE}" alt="a &quot;cover&quot;" loading="lazy" />` +
        `<video src="${OWN_VIDEO}" controls preload="metadata" playsinline></video>` +
        '<video src="https://cdn.example.com/clip.webm" controls preload="metadata" playsinline></video>',
    );
  });

  it('keeps headings between h2 and h4', () => {
    expect(renderArticleHtml(doc({ type: 'heading', attrs: { level: 1 }, content: [text('a')] }))).toBe('<h2>a</h2>');
    expect(renderArticleHtml(doc({ type: 'heading', attrs: { level: '6"><script>' }, content: [text('a')] }))).toBe('<h2>a</h2>');
  });

  it.each(PAYLOADS)('never lets %s through, as raw HTML or anywhere in a document', (payload) => {
    assertHarmless(sanitizeArticleHtml(payload));
    const documents: ArticleNode[] = [
      doc(paragraph(text(payload))),
      doc(paragraph(text('x', [{ type: 'link', attrs: { href: payload } }]))),
      doc(paragraph(text('x', [{ type: 'link', attrs: { href: `javascript:${payload}` } }, { type: payload }]))),
      doc({ type: 'image', attrs: { src: payload, alt: payload } }),
      doc({ type: 'image', attrs: { src: `${OWN_IMAGE}" onerror="${payload}`, alt: payload } }),
      doc({ type: 'video', attrs: { src: `https://x.example/${payload}` } }),
      doc({ type: 'video', attrs: { src: payload } }),
      doc({ type: 'heading', attrs: { level: payload }, content: [text(payload)] }),
      doc({ type: 'orderedList', attrs: { start: payload }, content: [{ type: 'listItem', content: [paragraph(text(payload))] }] }),
      doc({ type: 'html', attrs: { html: payload }, text: payload, content: [paragraph(text(payload))] }),
      doc({ type: payload, content: [paragraph(text(payload))] }),
    ];
    for (const document of documents) assertHarmless(renderArticleHtml(document));
  });

  it('drops what it does not know, children included, and images from elsewhere', () => {
    expect(renderArticleHtml(doc({ type: 'iframe', attrs: { src: 'https://evil.example' }, content: [paragraph(text('x'))] }))).toBe('');
    expect(renderArticleHtml(doc({ type: 'image', attrs: { src: 'https://evil.example/a.webp' } }))).toBe('');
    expect(renderArticleHtml(doc({ type: 'image', attrs: { src: '/files/avatars/u/a.webp' } }))).toBe('');
    expect(renderArticleHtml(doc({ type: 'video', attrs: { src: 'http://insecure.example/a.mp4' } }))).toBe('');
  });

  it('stops at the deepest level it allows', () => {
    let node: ArticleNode = text('deep');
    for (let index = 0; index < 200; index += 1) node = { type: 'blockquote', content: [node] };
    const html = renderArticleHtml(doc(node));
    expect(html).not.toContain('deep');
    assertHarmless(html);
  });

  it('reads the text of a document for search', () => {
    expect(articlePlainText(doc({ type: 'heading', content: [text('全景')] }, paragraph(text('拍摄'), text('技巧'))))).toBe(
      '全景 拍摄技巧',
    );
  });
});
