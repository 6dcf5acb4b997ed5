/** The head follows the finger at half its travel, and ever more slowly past twice the threshold. */
export function pullDistance(fingerTravel: number): number {
  if (fingerTravel <= 0) return 0;
  const half = fingerTravel / 2;
  const soft = 112;
  return half <= soft ? half : soft + Math.sqrt(half - soft) * 4;
}

/** Whether the element's scroll container (the nearest scrolling ancestor, or the page) is at its top. */
export function scrolledToTop(element: HTMLElement): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const overflowY = getComputedStyle(parent).overflowY;
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) return parent.scrollTop <= 0;
  }
  return (document.scrollingElement ?? document.documentElement).scrollTop <= 0;
}
