import type { Tour } from '@spatia/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

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
  const sceneId = useRef<string | undefined>(undefined);
  const { container, state } = useLazyViewer(
    loadViewer,
    ({ createTourViewer }, element) =>
      createTourViewer(element, tour, {
        language,
        startSceneId: sceneId.current,
        onSceneChange: (id) => {
          sceneId.current = id;
        },
      }),
    [tour, language],
  );

  return (
    <LazyViewerFrame
      label={label}
      testId="tour-viewer"
      state={state}
      container={container}
      loadingLabel={t('details.viewerLoading')}
      failedText={t('details.viewerFailed')}
    />
  );
}
