/**
 * The picture the server put where a work's viewer goes (`data-first-view` in #root, apps/server
 * `plugins/web-app.ts`): a tour's opening base face, shown before any script. Read once, when the entry
 * runs and before React's first render replaces #root, so the app can keep showing it until the viewer
 * has drawn (docs/web.md, "The shared work page").
 */
const captured = readServerFirstView();

function readServerFirstView(): { pathname: string; src: string } | null {
  if (typeof document === 'undefined') return null;
  const image = document.querySelector<HTMLImageElement>('#root [data-first-view] img');
  const src = image?.getAttribute('src');
  return src ? { pathname: window.location.pathname, src } : null;
}

/** The server's first-view picture of `pathname`, if the page was opened there (not reached by navigating). */
export function serverFirstViewOf(pathname: string): string | null {
  return captured && captured.pathname.replace(/\/$/, '') === pathname.replace(/\/$/, '') ? captured.src : null;
}

/** The uid of the tour whose page was opened from a link with the server's first view, if it was. */
export function serverFirstViewUid(): string | undefined {
  return captured ? /^\/details\/([^/]+)\/?$/.exec(captured.pathname)?.[1] : undefined;
}

/** The server's first-view picture of the page being opened, while its code loads. */
export function currentServerFirstView(): string | null {
  return typeof window === 'undefined' ? null : serverFirstViewOf(window.location.pathname);
}

/**
 * The server's box again (the details page's 56 px bar, then its stage), so the picture stays put while
 * the page's code arrives; plain markup, no stylesheet of the page needed.
 */
export function FirstViewPlaceholder({ src }: { src: string }) {
  return (
    <div style={{ paddingTop: 56, background: '#fff' }} aria-busy="true">
      <div style={{ height: 'clamp(320px, 72vh, 780px)', background: '#0b1020', overflow: 'hidden' }}>
        <img src={src} alt="" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      </div>
    </div>
  );
}
