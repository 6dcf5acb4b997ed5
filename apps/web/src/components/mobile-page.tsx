import type { ReactNode } from 'react';
import { BrandBar } from './brand-bar';
import './mobile-page.css';

/** The frame of the pages opened on a phone from a QR code: the brand and language switch above one column. */
export function MobilePage({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className="mobile-page">
      <BrandBar as="header" className="mobile-page__bar" />
      <main className={className ? `mobile-page__main ${className}` : 'mobile-page__main'}>{children}</main>
    </div>
  );
}
