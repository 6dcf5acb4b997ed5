import sanitizeHtml from 'sanitize-html';
import { ARTICLE_CONTENT_MAX_DEPTH, type ArticleNode } from '@spatia/contract';
import { FILES_PREFIX } from '../uploads/index.js';

/**
 * The editor's document (Tiptap JSON) made into the HTML the public page shows, on the server. Two
 * layers: the renderer writes only the node and mark kinds it knows, escaping every text and attribute
 * (anything else in the document is dropped, children included); then sanitize-html passes the result
 * through an allowlist of tags, attributes and URL schemes, so a fault in the renderer still cannot
 * let a script through. docs/articles.md lists the allowlist.
 */

/** Keys of the editor's uploads: images re-encoded as WebP, videos as sent. */
export const ARTICLE_MEDIA_KEY = /^articles\/(?:images\/[0-9a-f]{64}\.webp|videos\/[0-9a-f]{64}\.(?:mp4|webm))$/;

/** The storage key an uploaded article file's URL names (`/files/articles/…`, with or without an origin), if it names one. */
export function articleMediaKeyOf(url: string): string | undefined {
  let path = url.trim();
  const origin = /^https?:\/\/[^/?#]+/i.exec(path);
  if (origin) path = path.slice(origin[0].length);
  if (!path.startsWith(FILES_PREFIX)) return undefined;
  const key = path.slice(FILES_PREFIX.length);
  return ARTICLE_MEDIA_KEY.test(key) ? key : undefined;
}

const isOwnImage = (src: string) => articleMediaKeyOf(src)?.startsWith('articles/images/') === true;
const isOwnVideo = (src: string) => articleMediaKeyOf(src)?.startsWith('articles/videos/') === true;
/** A linked video: an https address of a file, nothing else (no script, data or protocol-relative URLs). */
const isVideoLink = (src: string) => /^https:\/\/[^\s"'<>]+$/i.test(src) && URL.canParse(src);

/** Where a video may come from: an upload of ours, or an https link. */
export function isAllowedVideoSource(src: string): boolean {
  return isOwnVideo(src) || isVideoLink(src);
}

export function isAllowedImageSource(src: string): boolean {
  return isOwnImage(src);
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** Whether a link's address is one a reader may follow: http(s), mail, phone, or a path of this site. */
export function isSafeLink(href: string): boolean {
  // Browsers drop tabs and newlines inside a URL's scheme ("java\tscript:"); no such character is allowed anywhere.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return SAFE_LINK.test(href) && !/[\s\u0000-\u001f\u007f]/.test(href) && href.length <= 2048;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const stringAttr = (node: { attrs?: Record<string, unknown> }, name: string): string => {
  const value = node.attrs?.[name];
  return typeof value === 'string' ? value : '';
};

const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strike: 's', underline: 'u', code: 'code' };

function renderText(node: ArticleNode): string {
  let html = escapeText(node.text ?? '');
  for (const mark of node.marks ?? []) {
    const tag = MARK_TAGS[mark.type];
    if (tag) html = `<${tag}>${html}</${tag}>`;
    else if (mark.type === 'link') {
      const href = stringAttr(mark, 'href').trim();
      if (isSafeLink(href)) html = `<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer nofollow">${html}</a>`;
    }
  }
  return html;
}

function renderNode(node: ArticleNode, depth: number): string {
  if (depth > ARTICLE_CONTENT_MAX_DEPTH) return '';
  const inner = () => (node.content ?? []).map((child) => renderNode(child, depth + 1)).join('');
  switch (node.type) {
    case 'doc':
      return inner();
    case 'text':
      return renderText(node);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const asked = Number(node.attrs?.level);
      // The page's title is its h1: the article's headings are h2 to h4.
      const level = Number.isInteger(asked) ? Math.min(4, Math.max(2, asked)) : 2;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return Number.isInteger(start) && start > 1 && start < 100_000 ? `<ol start="${start}">${inner()}</ol>` : `<ol>${inner()}</ol>`;
    }
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'codeBlock':
      return `<pre><code>${inner()}</code></pre>`;
    case 'hardBreak':
      return '<br />';
    case 'horizontalRule':
      return '<hr />';
    case 'image': {
      const src = stringAttr(node, 'src');
      if (!isOwnImage(src)) return '';
      const alt = stringAttr(node, 'alt').slice(0, 200);
      return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}" loading="lazy" />`;
    }
    case 'video': {
      const src = stringAttr(node, 'src');
      if (!isAllowedVideoSource(src)) return '';
      return `<video src="${escapeAttribute(src)}" controls preload="metadata" playsinline></video>`;
    }
    default:
      return '';
  }
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'u',
    'a',
    'img',
    'video',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'loading'],
    video: ['src', 'controls', 'preload', 'playsinline'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [], video: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whatever the renderer wrote, a link always opens apart from this page and tells nothing of it.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isOwnImage(frame.attribs.src ?? '')) ||
    (frame.tag === 'video' && !isAllowedVideoSource(frame.attribs.src ?? '')) ||
    (frame.tag === 'a' && !isSafeLink(frame.attribs.href ?? '')),
};

/** Passes any HTML through the articles' allowlist. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** The public HTML of an editor document: rendered from the kinds we know, then sanitised. */
export function renderArticleHtml(document: ArticleNode): string {
  return sanitizeArticleHtml(renderNode(document, 0));
}

/** The document's words, for search: text nodes joined, blocks apart. */
export function articlePlainText(document: ArticleNode): string {
  const parts: string[] = [];
  const walk = (node: ArticleNode, depth: number) => {
    if (depth > ARTICLE_CONTENT_MAX_DEPTH) return;
    if (node.type === 'text' && node.text) parts.push(node.text);
    for (const child of node.content ?? []) walk(child, depth + 1);
    if (node.type !== 'text') parts.push(' ');
  };
  walk(document, 0);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Every image and video the document shows (their sources), and how deep it nests; for validation. */
export function articleDocumentFacts(document: ArticleNode): {
  media: { kind: 'image' | 'video'; src: string }[];
  depth: number;
  nodes: number;
} {
  const media: { kind: 'image' | 'video'; src: string }[] = [];
  let depth = 0;
  let nodes = 0;
  const walk = (node: ArticleNode, level: number) => {
    nodes += 1;
    depth = Math.max(depth, level);
    if (node.type === 'image' || node.type === 'video') media.push({ kind: node.type, src: stringAttr(node, 'src') });
    if (level > ARTICLE_CONTENT_MAX_DEPTH) return;
    for (const child of node.content ?? []) walk(child, level + 1);
  };
  walk(document, 0);
  return { media, depth, nodes };
}
