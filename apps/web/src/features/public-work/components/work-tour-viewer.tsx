import { Spin } from 'antd';
import type { Tour } from '@spatia/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import './public-work.css';

type ViewerModule = typeof import('@spatia/viewers/tour');

/** The viewer's code (Photo Sphere Viewer and three.js) loads only when a tour is shown. */
const loadViewer = (): Promise<ViewerModule> => import('@spatia/viewers/tour');

interface WorkTourViewerProps {
  tour: Tour;
  label: string;
}

/**
 * The panorama tour in a box the parent sizes. Rebuilt when the language changes (the viewer's own
 * strings), staying on the scene the person had reached.
 */
export function WorkTourViewer({ tour, label }: WorkTourViewerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const sceneId = useRef<string | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setState('loading');
    loadViewer().then(
      ({ createTourViewer }) => {
        if (cancelled || !container.current) return;
        try {
          const handle = createTourViewer(container.current, tour, {
            language,
            startSceneId: sceneId.current,
            onSceneChange: (id) => {
              sceneId.current = id;
            },
          });
          destroy = () => handle.destroy();
          setState('ready');
        } catch {
          // No WebGL, or a tour the viewer cannot read.
          setState('failed');
        }
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [tour, language]);

  return (
    <div className="public-work-viewer" role="region" aria-label={label} data-testid="tour-viewer">
      <div ref={container} className="public-work-viewer__canvas" />
      {state === 'loading' && (
        <div className="public-work-viewer__overlay">
          <Spin aria-label={t('details.viewerLoading')} />
        </div>
      )}
      {state === 'failed' && (
        <div className="public-work-viewer__overlay" role="alert">
          {t('details.viewerFailed')}
        </div>
      )}
    </div>
  );
}
