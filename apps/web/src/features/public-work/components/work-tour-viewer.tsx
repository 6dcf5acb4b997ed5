import type { Tour } from '@spatia/contract';
import type * as TourViewers from '@spatia/viewers/tour';
import { useCallback, useRef } from 'react';
import { useLanguage } from '../../../i18n';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

type ViewerModule = typeof TourViewers;

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
  const { container, state } = useLazyViewer(loadViewer, mount);

  return <LazyViewerFrame label={label} testId="tour-viewer" state={state} container={container} workType="panorama" />;
}
