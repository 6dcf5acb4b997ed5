import { ARTICLE_CONTENT_MAX_CHARS, ARTICLE_CONTENT_MAX_DEPTH, type ArticleNode } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { articleDocumentFacts, isAllowedImageSource, isAllowedVideoSource } from './article-html.js';

const TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const MAX_NODES = 20_000;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The editor's document checked at the edge: a `doc` of nodes with a type name, optional attributes,
 * children, marks and text, no deeper or larger than the limits, whose images and videos are ours (or,
 * for videos, https links). What it holds beyond that is not refused here: the renderer drops any kind it
 * does not know, so a newer editor's node only goes missing from the page.
 */
export function parseArticleDocument(value: unknown): ArticleNode {
  if (!isPlainObject(value) || value.type !== 'doc') throw fail('articleContentInvalid', { reason: 'doc' });
  if (JSON.stringify(value).length > ARTICLE_CONTENT_MAX_CHARS) throw fail('articleContentInvalid', { reason: 'size' });
  checkNode(value, 0);
  const document = value as unknown as ArticleNode;
  const facts = articleDocumentFacts(document);
  if (facts.nodes > MAX_NODES) throw fail('articleContentInvalid', { reason: 'size' });
  for (const { kind, src } of facts.media) {
    if (!(kind === 'image' ? isAllowedImageSource(src) : isAllowedVideoSource(src))) throw fail('articleMediaUrlInvalid');
  }
  return document;
}

function checkNode(node: unknown, depth: number): void {
  if (depth > ARTICLE_CONTENT_MAX_DEPTH) throw fail('articleContentInvalid', { reason: 'depth' });
  if (!isPlainObject(node) || typeof node.type !== 'string' || !TYPE_PATTERN.test(node.type)) {
    throw fail('articleContentInvalid', { reason: 'node' });
  }
  if (node.attrs !== undefined && node.attrs !== null && !isPlainObject(node.attrs))
    throw fail('articleContentInvalid', { reason: 'attrs' });
  if (node.text !== undefined && typeof node.text !== 'string') throw fail('articleContentInvalid', { reason: 'text' });
  if (node.marks !== undefined) {
    if (!Array.isArray(node.marks)) throw fail('articleContentInvalid', { reason: 'marks' });
    for (const mark of node.marks) {
      if (!isPlainObject(mark) || typeof mark.type !== 'string' || !TYPE_PATTERN.test(mark.type)) {
        throw fail('articleContentInvalid', { reason: 'marks' });
      }
    }
  }
  if (node.content !== undefined) {
    if (!Array.isArray(node.content)) throw fail('articleContentInvalid', { reason: 'content' });
    for (const child of node.content) checkNode(child, depth + 1);
  }
}
