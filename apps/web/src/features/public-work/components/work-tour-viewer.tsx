import { firstViewFace, panoramaBasePath, type PublicNarration, type Tour } from '@spatia/contract';
import type * as TourViewers from '@spatia/viewers/tour';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../i18n';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

type ViewerModule = typeof TourViewers;

/**
 * The viewer's code (Photo Sphere Viewer and three.js) loads only when a tour is shown, or when a page
 * knows early that it will show one (`preloadTourViewer`). The browser keeps one module per specifier.
 */
const loadViewer = (): Promise<ViewerModule> => import('@spatia/viewers/tour');
/** The narration player's code (its own small chunk) loads only for a tour with a published guide. */
const loadNarration = () => import('@spatia/viewers/narration');

/** Starts fetching the tour viewer's code now (the details page of a tour, before its data arrives). */
export function preloadTourViewer(): void {
  loadViewer().catch(() => undefined); // the viewer's own load reports a failure
}

/** Marked once the tour's first frame is drawn (bench/details-first-view.mjs reads it). */
export const TOUR_FIRST_FRAME_MARK = 'spatia:tour-first-frame';

interface WorkTourViewerProps {
  tour: Tour;
  label: string;
  /** A published narrated guide to play over the tour, or null. */
  narration?: PublicNarration | null;
  /** A picture of the opening view, kept in the viewer's place until its first frame. */
  poster?: string;
}

/**
 * The panorama tour in a box the parent sizes. Rebuilt when the language changes (the viewer's own
 * strings), staying on the scene the person had reached.
 */
export function WorkTourViewer({ tour, label, narration = null, poster }: WorkTourViewerProps) {
  const language = useLanguage();
  const sceneId = useRef<string | undefined>(undefined);
  const [drawn, setDrawn] = useState(false);
  const mount = useCallback(
    ({ createTourViewer }: ViewerModule, element: HTMLElement) =>
      createTourViewer(element, tour, {
        language,
        startSceneId: sceneId.current,
        onSceneChange: (id) => {
          sceneId.current = id;
        },
        onFirstFrame: () => {
          if (performance.getEntriesByName(TOUR_FIRST_FRAME_MARK).length === 0) performance.mark(TOUR_FIRST_FRAME_MARK);
          setDrawn(true);
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

  return (
    <LazyViewerFrame
      label={label}
      testId="tour-viewer"
      state={state}
      container={container}
      workType="panorama"
      poster={drawn ? undefined : poster}
    />
  );
}

/** The base face the tour opens on, which its viewer loads first: the picture shown until it draws. */
export function tourPosterOf(tour: Tour): string | undefined {
  const first = tour.scenes[0];
  if (!first) return undefined;
  const folder = first.baseUrl === '' || first.baseUrl.endsWith('/') ? first.baseUrl : `${first.baseUrl}/`;
  return folder + panoramaBasePath(firstViewFace(first.initialView));
}
