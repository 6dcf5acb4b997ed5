import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type CSSProperties, type ReactNode } from 'react';

interface SvgIconProps {
  /** An outlined or filled definition of `@ant-design/icons-svg/es/asn/<Name>`. */
  icon: IconDefinition;
  className?: string;
  style?: CSSProperties;
  'aria-hidden'?: boolean;
}

const camelCase = (name: string) => name.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());

function render(node: AbstractNode, key: string, rootProps?: Record<string, unknown>): ReactNode {
  const attrs: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node.attrs)) attrs[name === 'class' ? 'className' : camelCase(name)] = value;
  return createElement(
    node.tag,
    { key, ...attrs, ...rootProps },
    (node.children ?? []).map((child, index) => render(child, `${key}-${node.tag}-${index}`)),
  );
}

/**
 * An Ant Design icon drawn as `@ant-design/icons` draws it (the same markup, classes and label) without its
 * runtime: for the home page and the public layout, whose first script stays small (docs/web.md, "Loading");
 * `.anticon`'s rules are in styles/global.css. Elsewhere use `@ant-design/icons`.
 */
export function SvgIcon({ icon, className, style, 'aria-hidden': ariaHidden }: SvgIconProps) {
  const node = typeof icon.icon === 'function' ? icon.icon('#1677ff', '#e6f4ff') : icon.icon;
  return (
    <span
      role="img"
      aria-label={icon.name}
      aria-hidden={ariaHidden}
      className={['anticon', `anticon-${icon.name}`, className].filter(Boolean).join(' ')}
      style={style}
    >
      {render(node, `svg-${icon.name}`, {
        'data-icon': icon.name,
        width: '1em',
        height: '1em',
        fill: 'currentColor',
        'aria-hidden': 'true',
      })}
    </span>
  );
}
