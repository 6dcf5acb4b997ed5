import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pullDistance, scrolledToTop } from '../lib/pull';

/** How far (px, after damping) the head must come down for a release to refresh. */
export const PULL_THRESHOLD_PX = 56;
/** How long "refreshed" stays before the head goes back up. */
const COMPLETE_MS = 600;

type PullStatus = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * Pull down at the top of the page to refresh, on touch events: a head comes down with the finger and says what a
 * release will do. Our own rather than antd-mobile's `PullToRefresh`, which loads its spring and gesture libraries
 * (about 20 kB gzip) on every list page (docs/mobile.md, "The size budget").
 *
 * Not only a gesture: the head holds a refresh button, hidden until it has the keyboard's focus, and says
 * "refreshing" and "refreshed" to screen readers. The head moves without animation when reduced motion is asked for.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PullStatus>('idle');
  const [height, setHeight] = useState(0);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  const statusRef = useRef(status);
  statusRef.current = status;

  const refresh = async () => {
    if (statusRef.current === 'refreshing') return;
    setStatus('refreshing');
    setHeight(PULL_THRESHOLD_PX);
    try {
      await refreshRef.current();
    } finally {
      setStatus('complete');
      window.setTimeout(() => {
        setStatus('idle');
        setHeight(0);
      }, COMPLETE_MS);
    }
  };
  const refreshOnRelease = useRef(refresh);
  refreshOnRelease.current = refresh;

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const busy = statusRef.current === 'refreshing' || statusRef.current === 'complete';
      start = touch && event.touches.length === 1 && !busy && scrolledToTop(element) ? { x: touch.clientX, y: touch.clientY } : null;
      pulling = false;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      // A sideways swipe (the category tabs, a carousel) or a scroll up is not a pull.
      if (!pulling && (dy <= 0 || Math.abs(dx) > dy)) {
        start = null;
        return;
      }
      pulling = true;
      // The page is at its top: the pull is ours, not the browser's own reload or overscroll.
      if (event.cancelable) event.preventDefault();
      const distance = pullDistance(dy);
      setHeight(distance);
      setStatus(distance >= PULL_THRESHOLD_PX ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const wasPulling = pulling;
      start = null;
      pulling = false;
      if (!wasPulling) return;
      if (statusRef.current === 'canRelease') void refreshOnRelease.current();
      else {
        setStatus('idle');
        setHeight(0);
      }
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull must stop the page's own overscroll (and a browser's pull-to-reload).
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const dragging = status === 'pulling' || status === 'canRelease';
  const text = {
    idle: '',
    pulling: t('mobileShell.pull.pulling'),
    canRelease: t('mobileShell.pull.canRelease'),
    refreshing: t('mobileShell.pull.refreshing'),
    complete: t('mobileShell.pull.complete'),
  }[status];

  return (
    <div ref={root} className="m-pull" data-status={status}>
      <div className={`m-pull__head${dragging ? ' m-pull__head--dragging' : ''}`} style={{ height }}>
        <span className="m-pull__text" aria-live="polite">
          {status === 'refreshing' || status === 'complete' ? text : ''}
        </span>
        {dragging && (
          <span className="m-pull__text" aria-hidden>
            {text}
          </span>
        )}
      </div>
      <button
        type="button"
        className="m-pull__refresh"
        onClick={() => void refresh()}
        disabled={status === 'refreshing'}
        data-testid="pull-refresh-button"
      >
        {t('mobileShell.pull.refresh')}
      </button>
      {children}
    </div>
  );
}
