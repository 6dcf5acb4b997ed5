import { MODEL_FILE_PATH, MODEL_POSTER_PATH, type ModelView } from '@spatia/contract';
import type * as ModelViewers from '@spatia/viewers/model';
import { useCallback } from 'react';
import { useLanguage } from '../../../i18n';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

type ViewerModule = typeof ModelViewers;

/** The model viewer's code (three.js, GLTFLoader, meshopt) loads only when a model is shown. */
const loadViewer = (): Promise<ViewerModule> => import('@spatia/viewers/model');

interface WorkModelViewerProps {
  scene: ModelView;
  label: string;
}

/**
 * A 3D model in a box the parent sizes. The page shows a spinner only until the viewer's code has
 * arrived; from then on the viewer's own poster and download bar say how far the model is (one bar,
 * not two). Rebuilt when the language changes (the viewer's own strings).
 */
export function WorkModelViewer({ scene, label }: WorkModelViewerProps) {
  const language = useLanguage();
  const mount = useCallback(
    ({ mountModelViewer }: ViewerModule, element: HTMLElement) =>
      // The viewer shows its own message over the canvas when the model cannot load.
      mountModelViewer(element, {
        modelUrl: scene.baseUrl + MODEL_FILE_PATH,
        posterUrl: scene.manifest.poster ? scene.baseUrl + MODEL_POSTER_PATH : undefined,
        manifest: scene.manifest,
        language,
      }),
    [scene, language],
  );
  const { container, state } = useLazyViewer(loadViewer, mount);

  return <LazyViewerFrame label={label} testId="model-viewer" state={state} container={container} workType="model3d" />;
}
