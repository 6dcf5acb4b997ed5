import type { HighlightedText } from '@spatia/contract';

export interface TextSegment {
  text: string;
  marked: boolean;
}

/**
 * A text cut into plain and matched stretches by the server's ranges (UTF-16 offsets, end exclusive).
 * Ranges out of order, overlapping or past the end are tolerated: the text itself is never lost.
 */
export function highlightSegments({ text, highlights }: HighlightedText): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const range of [...highlights].sort((a, b) => a.start - b.start)) {
    const start = Math.max(range.start, at);
    const end = Math.min(range.end, text.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
