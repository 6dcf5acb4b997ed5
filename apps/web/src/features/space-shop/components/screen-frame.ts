import type { ComponentType, CSSProperties, ReactNode } from 'react';

/**
 * The phone's screen frame (top bar with the title and the way back, one column), given by the page: the
 * mobile shell's `MobileScreen`, which a feature does not import.
 */
export type ScreenFrame = ComponentType<{
  title: ReactNode;
  /** Where the back arrow goes when the page was opened fresh. */
  back?: string | false;
  className?: string;
  /** The template's colours as CSS variables. */
  style?: CSSProperties;
  children: ReactNode;
}>;
