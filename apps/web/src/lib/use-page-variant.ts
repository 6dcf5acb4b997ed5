import { useMediaQuery } from './use-media-query';

/** The phone layout's widest screen: the console and the public header switch at the same width. */
export const MOBILE_VARIANT_QUERY = '(max-width: 767.98px)';

/**
 * Which variant of a page with desktop and mobile variants (the route table's `variants`, spec 2.2) to show:
 * chosen by the screen's width, and again when it changes (a phone turned, a window resized).
 */
export function usePageVariant(): 'desktop' | 'mobile' {
  return useMediaQuery(MOBILE_VARIANT_QUERY) ? 'mobile' : 'desktop';
}
