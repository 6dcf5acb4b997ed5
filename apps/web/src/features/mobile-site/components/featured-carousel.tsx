import { Children, useRef, useState, type ReactNode } from 'react';

/**
 * A strip that swipes sideways, one card at a time, with dots for where one is: the browser's own scrolling with
 * scroll snapping, so no spring or gesture library loads with /mobile/home (antd-mobile's `Swiper` brought about
 * 20 kB gzip; docs/mobile.md, "The size budget"). Keyboard users tab from card to card, which scrolls it too.
 */
export function FeaturedCarousel({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const items = Children.toArray(children);

  const onScroll = () => {
    const element = track.current;
    const first = element?.firstElementChild;
    if (!element || !(first instanceof HTMLElement) || first.offsetWidth === 0) return;
    const index = Math.round(element.scrollLeft / first.offsetWidth);
    setCurrent(Math.min(Math.max(index, 0), items.length - 1));
  };

  return (
    <div className="m-carousel" data-testid={testId}>
      <ul ref={track} className="m-carousel__track" aria-label={label} onScroll={onScroll}>
        {items.map((item, index) => (
          <li key={index} className="m-carousel__item">
            {item}
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <div className="m-carousel__dots" aria-hidden>
          {items.map((_, index) => (
            <span key={index} className={`m-carousel__dot${index === current ? ' m-carousel__dot--current' : ''}`} />
          ))}
        </div>
      )}
    </div>
  );
}
