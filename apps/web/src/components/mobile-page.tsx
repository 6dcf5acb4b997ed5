import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import './mobile-page.css';

/** The frame of the pages opened on a phone from a QR code: the brand and language switch above one column. */
export function MobilePage({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className="mobile-page">
      <header className="mobile-page__bar">
        <BrandMark />
        <LanguageSwitch />
      </header>
      <main className={className ? `mobile-page__main ${className}` : 'mobile-page__main'}>{children}</main>
    </div>
  );
}
