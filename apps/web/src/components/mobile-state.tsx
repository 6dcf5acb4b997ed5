import type { ReactNode } from 'react';
import './mobile-state.css';

interface MobileStateProps {
  /**
   * `empty`: nothing to show yet (or nothing until the person signs in); `failed`: the page could not load what
   * it shows; `locked`: what the page shows needs a code first.
   */
  kind: 'empty' | 'failed' | 'locked';
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** What the person can do about it (a retry, a sign-in, a code's form). */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** Each kind's line drawing, on a 64 × 64 grid. */
const PICTURES: Record<MobileStateProps['kind'], ReactNode> = {
  empty: (
    <>
      <path d="M10 30 20 14h24l10 16v18a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4Z" />
      <path d="M10 30h14a8 8 0 0 0 16 0h14" />
    </>
  ),
  failed: (
    <>
      <path d="M8 26a34 34 0 0 1 48 0" />
      <path d="M16 34a22 22 0 0 1 32 0" />
      <path d="M24 42a10 10 0 0 1 16 0" />
      <circle cx="32" cy="50" r="2.5" />
      <path className="m-state__cross" d="m44 44 10 10m0-10L44 54" />
    </>
  ),
  locked: (
    <>
      <path d="M22 28v-8a10 10 0 0 1 20 0v8" />
      <path d="M20 28h24a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4V32a4 4 0 0 1 4-4Z" />
      <circle cx="32" cy="39" r="2.5" />
      <path d="M32 41v5" />
    </>
  ),
};

/**
 * A phone page's empty, failed or locked state: a small line drawing in the shell's colours, the title and what
 * to do. Drawn here rather than with antd-mobile's `ErrorBlock`, whose four status pictures weigh about 11 kB
 * gzip on every page that uses one (docs/mobile.md, "The size budget").
 */
export function MobileState({ kind, title, description, children, className, testId }: MobileStateProps) {
  return (
    <div
      className={`m-state m-state--${kind}${className ? ` ${className}` : ''}`}
      role={kind === 'failed' ? 'alert' : undefined}
      data-testid={testId}
    >
      <svg className="m-state__picture" viewBox="0 0 64 64" aria-hidden focusable="false">
        {PICTURES[kind]}
      </svg>
      <p className="m-state__title">{title}</p>
      {description && <p className="m-state__description">{description}</p>}
      {children && <div className="m-state__actions">{children}</div>}
    </div>
  );
}
