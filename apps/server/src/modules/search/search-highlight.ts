import { SEARCH_SNIPPET_MAX, type HighlightedText } from '@spatia/contract';
import { highlightRanges } from '../works/index.js';

/** A shown text with where the keyword matched it. */
export function highlighted(text: string, keyword: string): HighlightedText {
  return { text, highlights: highlightRanges(text, keyword) };
}

/** How much of the text before the first match an excerpt keeps, so the match reads in its context. */
const LEAD = 16;

/**
 * An excerpt of a long text around its first match (or its start), at most `max` UTF-16 units plus the
 * ellipses that say text was left out, with the matches inside it. Never splits a surrogate pair.
 */
export function snippet(text: string, keyword: string, max = SEARCH_SNIPPET_MAX): HighlightedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  const ranges = highlightRanges(flat, keyword);
  if (flat.length <= max) return { text: flat, highlights: ranges };
  let start = Math.max(0, Math.min((ranges[0]?.start ?? 0) - LEAD, flat.length - max));
  if (isLowSurrogate(flat.charCodeAt(start))) start -= 1;
  let end = Math.min(flat.length, start + max);
  if (isLowSurrogate(flat.charCodeAt(end))) end -= 1;
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const highlights = ranges
    .filter((range) => range.end > start && range.start < end)
    .map((range) => ({
      start: Math.max(range.start, start) - start + prefix.length,
      end: Math.min(range.end, end) - start + prefix.length,
    }));
  return { text: prefix + flat.slice(start, end) + suffix, highlights };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
