import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

describe('HighlightedText', () => {
  it('marks the matched stretches and keeps the text whole', () => {
    const { container } = render(<HighlightedText value={{ text: '西湖湖景别墅', highlights: [{ start: 2, end: 4 }] }} />);
    expect(container.textContent).toBe('西湖湖景别墅');
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['湖景']);
  });

  it('shows markup in the text as text, never as HTML', () => {
    const { container } = render(
      <HighlightedText value={{ text: '<img src=x onerror=alert(1)>湖景', highlights: [{ start: 28, end: 30 }] }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>湖景');
    expect(container.querySelector('mark')?.textContent).toBe('湖景');
  });
});
