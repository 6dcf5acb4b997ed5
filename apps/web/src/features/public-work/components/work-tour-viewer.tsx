import type { PublicNarration, Tour } from '@spatia/contract';
import type * as TourViewers from '@spatia/viewers/tour';
import { useCallback, useEffect, useRef } from 'react';
import { useLanguage } from '../../../i18n';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

type ViewerModule = typeof TourViewers;

/** The viewer's code (Photo Sphere Viewer and three.js) loads only when a tour is shown. */
const loadViewer = (): Promise<ViewerModule> => import('@spatia/viewers/tour');
/** The narration player's code (its own small chunk) loads only for a tour with a published guide. */
const loadNarration = () => import('@spatia/viewers/narration');

interface WorkTourViewerProps {
  tour: Tour;
  label: string;
  /** A published narrated guide to play over the tour, or null. */
  narration?: PublicNarration | null;
}

/**
 * The panorama tour in a box the parent sizes. Rebuilt when the language changes (the viewer's own
 * strings), staying on the scene the person had reached.
 */
export function WorkTourViewer({ tour, label, narration = null }: WorkTourViewerProps) {
  const language = useLanguage();
  const sceneId = useRef<string | undefined>(undefined);
  const mount = useCallback(
    ({ createTourViewer }: ViewerModule, element: HTMLElement) =>
      createTourViewer(element, tour, {
        language,
        startSceneId: sceneId.current,
        onSceneChange: (id) => {
          sceneId.current = id;
        },
      }),
    [tour, language],
  );
  const { container, handle, state } = useLazyViewer(loadViewer, mount);

  useEffect(() => {
    const viewer = handle.current;
    if (state !== 'ready' || !narration || narration.scenes.length === 0 || !viewer || !container.current) return;
    let cancelled = false;
    let player: { destroy(): void } | undefined;
    const element = container.current;
    void loadNarration().then(
      ({ attachNarration }) => {
        if (!cancelled) player = attachNarration(viewer, element, narration, { language });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      player?.destroy();
    };
  }, [state, narration, language, handle, container]);

  return <LazyViewerFrame label={label} testId="tour-viewer" state={state} container={container} workType="panorama" />;
}
