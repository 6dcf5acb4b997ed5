import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

/** The slim top of a page without the site's header: the brand (home) on one side, the language on the other. */
export function BrandBar({ className, as: Element = 'div' }: { className: string; as?: 'div' | 'header' }) {
  return (
    <Element className={className}>
      <BrandMark />
      <LanguageSwitch />
    </Element>
  );
}
