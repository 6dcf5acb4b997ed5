import { LeftOutline } from 'antd-mobile-icons';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { MobileProviders } from './mobile-providers';
import { MobileTabBar } from './mobile-tab-bar';
import './mobile-shell.css';

interface MobileScreenProps {
  title: ReactNode;
  /**
   * Where the back arrow goes when the page was opened fresh (from a link or a QR code: no history of ours to go
   * back to); `false` for the tab bar's own pages, which have no back arrow.
   */
  back?: string | false;
  /** The bar's right side; the language switch when not given. */
  right?: ReactNode;
  /** The bottom tab bar (the public phone pages and one's own spaces). */
  tabs?: boolean;
  className?: string;
  /** A template's colours, as CSS variables (`--m-accent`, `--m-background`, ...). */
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The frame of every phone page of spec 2.5: a sticky bar with the title and back arrow at the top, one column
 * that never scrolls sideways, and optionally the tab bar at the thumb (docs/mobile.md).
 */
export function MobileScreen({ title, back = '/mobile/home', right, tabs = false, className, style, children }: MobileScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    // `idx` is React Router's own position in this tab's history: 0 means this page was the first one opened.
    const position = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (position > 0) void navigate(-1);
    else if (back !== false) void navigate(back, { replace: true });
  };
  return (
    <MobileProviders>
      <div className={`m-screen${tabs ? ' m-screen--tabs' : ''}${className ? ` ${className}` : ''}`} style={style}>
        <header className="m-screen__nav">
          {back === false ? (
            <span className="m-screen__side" />
          ) : (
            <button type="button" className="m-screen__back" onClick={goBack} aria-label={t('mobileShell.back')} data-testid="mobile-back">
              <LeftOutline aria-hidden />
            </button>
          )}
          <h1 className="m-screen__title">{title}</h1>
          <div className="m-screen__right">{right ?? <LanguageSwitch className="m-screen__language" />}</div>
        </header>
        <main className="m-screen__body">{children}</main>
        {tabs && <MobileTabBar />}
      </div>
    </MobileProviders>
  );
}
