import type { ReactNode } from 'react';

interface MobileStateProps {
  /** `empty`: nothing to show yet; `failed`: the page could not load what it shows. */
  kind: 'empty' | 'failed';
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** What the person can do about it (a retry, a sign-in). */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A phone page's empty or failed state: a small line drawing in the shell's colours, the title and what to do.
 * Drawn here rather than with antd-mobile's `ErrorBlock`, whose four status pictures weigh about 11 kB gzip on
 * every page that uses one (docs/mobile.md, "The size budget").
 */
export function MobileState({ kind, title, description, children, className, testId }: MobileStateProps) {
  return (
    <div
      className={`m-state m-state--${kind}${className ? ` ${className}` : ''}`}
      role={kind === 'failed' ? 'alert' : undefined}
      data-testid={testId}
    >
      <svg className="m-state__picture" viewBox="0 0 64 64" aria-hidden focusable="false">
        {kind === 'empty' ? (
          <>
            <path d="M10 30 20 14h24l10 16v18a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4Z" />
            <path d="M10 30h14a8 8 0 0 0 16 0h14" />
          </>
        ) : (
          <>
            <path d="M8 26a34 34 0 0 1 48 0" />
            <path d="M16 34a22 22 0 0 1 32 0" />
            <path d="M24 42a10 10 0 0 1 16 0" />
            <circle cx="32" cy="50" r="2.5" />
            <path className="m-state__cross" d="m44 44 10 10m0-10L44 54" />
          </>
        )}
      </svg>
      <p className="m-state__title">{title}</p>
      {description && <p className="m-state__description">{description}</p>}
      {children && <div className="m-state__actions">{children}</div>}
    </div>
  );
}
