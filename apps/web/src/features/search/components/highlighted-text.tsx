import type { HighlightedText as Highlighted } from '@spatia/contract';
import { highlightSegments } from '../lib/highlight-segments';

/** A text with the keyword's matches marked (`<mark>`), from the server's ranges: never HTML from the server. */
export function HighlightedText({ value, className }: { value: Highlighted; className?: string }) {
  return (
    <span className={className}>
      {highlightSegments(value).map((segment, index) =>
        segment.marked ? (
          <mark key={index} className="search-mark" data-testid="search-mark">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
