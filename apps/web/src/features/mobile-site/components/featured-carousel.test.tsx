import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturedCarousel } from './featured-carousel';

afterEach(() => cleanup());

const currentDot = (container: HTMLElement) =>
  [...container.querySelectorAll('.m-carousel__dot')].findIndex((dot) => dot.classList.contains('m-carousel__dot--current'));

describe('FeaturedCarousel', () => {
  it('lists its cards under its label, with a dot for each, the one scrolled to lit', () => {
    const { container } = render(
      <FeaturedCarousel label="Featured" testId="strip">
        <a href="/details/a">A</a>
        <a href="/details/b">B</a>
        <a href="/details/c">C</a>
      </FeaturedCarousel>,
    );
    const track = screen.getByRole('list', { name: 'Featured' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A', 'B', 'C']);
    expect(container.querySelectorAll('.m-carousel__dot')).toHaveLength(3);
    expect(currentDot(container)).toBe(0);

    const first = track.firstElementChild as HTMLElement;
    Object.defineProperty(first, 'offsetWidth', { value: 300 });
    track.scrollLeft = 310;
    fireEvent.scroll(track);
    expect(currentDot(container)).toBe(1);
    track.scrollLeft = 5000;
    fireEvent.scroll(track);
    expect(currentDot(container)).toBe(2);
  });

  it('shows no dots for a single card', () => {
    const { container } = render(
      <FeaturedCarousel label="Featured">
        <a href="/details/a">A</a>
      </FeaturedCarousel>,
    );
    expect(container.querySelector('.m-carousel__dots')).toBeNull();
  });
});
