import { Spin } from 'antd';
import type { WorkType } from '@spatia/contract';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import './public-work.css';

export type LazyViewerState = 'loading' | 'ready' | 'failed';

/**
 * Loads a viewer's code with `import()` (its own chunk), mounts it into the returned container, and
 * destroys it when `load` or `mount` change or the page goes: the caller keeps `load` at module level
 * and wraps `mount` in `useCallback`, whose dependencies say what the viewer is rebuilt for. A viewer
 * that throws on mounting (no WebGL, data it cannot read) leaves the state `failed`.
 */
export function useLazyViewer<Module, Handle extends { destroy(): void }>(
  load: () => Promise<Module>,
  mount: (module: Module, container: HTMLElement) => Handle,
): { container: RefObject<HTMLDivElement | null>; handle: RefObject<Handle | null>; state: LazyViewerState } {
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<Handle | null>(null);
  const [state, setState] = useState<LazyViewerState>('loading');

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    load().then(
      (module) => {
        if (cancelled || !container.current) return;
        try {
          handle.current = mount(module, container.current);
          setState('ready');
        } catch {
          setState('failed');
        }
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [load, mount]);

  return { container, handle, state };
}

interface LazyViewerFrameProps {
  label: string;
  testId: string;
  state: LazyViewerState;
  container: RefObject<HTMLDivElement | null>;
  /** Which viewer's words the spinner and the failure notice use. */
  workType: WorkType;
  /** Shown over the viewer (the owner's save bar, say). */
  children?: ReactNode;
  /** A picture of the viewer's opening view, shown in its place (instead of the spinner) until it draws. */
  poster?: string;
}

/** The box a lazily loaded viewer fills, with a spinner until its code arrives and a notice if it fails. */
export function LazyViewerFrame({ label, testId, state, container, workType, children, poster }: LazyViewerFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="public-work-viewer" role="region" aria-label={label} data-testid={testId}>
      <div ref={container} className="public-work-viewer__canvas" />
      {poster && state !== 'failed' && <img className="public-work-viewer__poster" src={poster} alt="" data-testid="viewer-poster" />}
      {state === 'loading' && !poster && (
        <div className="public-work-viewer__overlay">
          <Spin aria-label={t('details.viewerLoading', { context: workType })} />
        </div>
      )}
      {state === 'failed' && (
        <div className="public-work-viewer__overlay" role="alert">
          {t('details.viewerFailed', { context: workType })}
        </div>
      )}
      {children}
    </div>
  );
}
