import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain-button.css';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'text';
  size?: 'middle' | 'large';
  icon?: ReactNode;
  iconPlacement?: 'start' | 'end';
  /** Transparent, in the colour of what lies under it (antd's `ghost`). */
  ghost?: boolean;
  block?: boolean;
}

/** Two Chinese characters exactly (antd puts a space between them on a bordered button: "注 册"). */
const TWO_CHINESE_CHARS = /^[\u4E00-\u9FA5]{2}$/;

/**
 * A button that looks and behaves like antd's `Button` (its sizes, variants, hover, press and focus ring, in our
 * theme) without loading antd: for the home page and the public layout, whose first script stays small
 * (docs/web.md, "Loading"). Elsewhere use antd's.
 */
export function PlainButton({
  variant = 'default',
  size = 'middle',
  icon,
  iconPlacement = 'start',
  ghost = false,
  block = false,
  className,
  children,
  type = 'button',
  ...rest
}: PlainButtonProps) {
  const classes = [
    'plain-btn',
    `plain-btn--${variant}`,
    size === 'large' && 'plain-btn--lg',
    ghost && 'plain-btn--ghost',
    block && 'plain-btn--block',
    icon !== undefined && children === undefined && 'plain-btn--icon-only',
    icon !== undefined && iconPlacement === 'end' && 'plain-btn--icon-end',
    className,
  ].filter(Boolean);
  const spaced = variant !== 'text' && icon === undefined && typeof children === 'string' && TWO_CHINESE_CHARS.test(children);
  return (
    <button type={type} className={classes.join(' ')} {...rest}>
      {icon !== undefined && <span className="plain-btn__icon">{icon}</span>}
      {children !== undefined && <span>{spaced ? children.split('').join(' ') : children}</span>}
    </button>
  );
}
