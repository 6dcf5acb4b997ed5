import { ExclamationCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { POINT_CLOUD_OCTREE_PATH, type Measurement, type PointCloudView } from '@spatia/contract';
import type * as PointCloudViewers from '@spatia/viewers/pointcloud';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useLanguage } from '../../../i18n';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { getWorkScene, useSaveMeasurements } from '../api/get-public-work';
import { afterSave, isDirty, isStaleSave, startDraft, type MeasurementDraft } from '../lib/measurement-draft';
import { LazyViewerFrame, useLazyViewer } from './lazy-viewer';

type ViewerModule = typeof PointCloudViewers;

/** The point-cloud viewer's code (three.js, the octree streaming, the measurement tools) loads only when a cloud is shown. */
const loadViewer = (): Promise<ViewerModule> => import('@spatia/viewers/pointcloud');

interface WorkPointCloudViewerProps {
  scene: PointCloudView;
  label: string;
  /** The owner measures and saves; everyone else sees the saved measurements. */
  editable: boolean;
}

/**
 * A point cloud in a box the parent sizes. The viewer has its own colour-mode switch, point count
 * and measurement tools; the owner gets a Save button over it, enabled once the measurements differ
 * from the saved ones, and a warning before leaving with unsaved changes.
 */
export function WorkPointCloudViewer({ scene, label, editable }: WorkPointCloudViewerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const language = useLanguage();
  const [draft, setDraft] = useState<MeasurementDraft>(() => startDraft(scene.measurements));
  // The viewer is rebuilt on a language change; it starts from what is shown now, not from the load.
  const shown = useRef(draft.current);
  shown.current = draft.current;
  const save = useSaveMeasurements(scene.workUid);
  const dirty = editable && isDirty(draft);

  const mount = useCallback(
    ({ mountPointCloudViewer }: ViewerModule, element: HTMLElement) =>
      mountPointCloudViewer(element, {
        octreeUrl: scene.baseUrl + POINT_CLOUD_OCTREE_PATH,
        manifest: scene.manifest,
        measurements: shown.current,
        editable,
        language,
        onMeasurementsChange: (measurements) => setDraft((previous) => ({ ...previous, current: measurements })),
      }),
    [scene, language, editable],
  );
  const { container, handle, state } = useLazyViewer(loadViewer, mount);

  useLeaveGuard(dirty, {
    title: t('details.measurements.leaveTitle'),
    text: t('details.measurements.leaveText'),
    leave: t('details.measurements.leave'),
    stay: t('details.measurements.stay'),
  });

  /** Someone saved these measurements elsewhere: take theirs (this page's changes are dropped). */
  const reload = async () => {
    try {
      const fresh = await getWorkScene(scene.workUid);
      if (fresh.type !== 'pointcloud') return;
      handle.current?.setMeasurements(fresh.measurements.measurements);
      setDraft(startDraft(fresh.measurements));
    } catch (error) {
      void message.error((error instanceof ApiError && error.message) || t('details.measurements.reloadFailed'));
    }
  };

  const saveNow = () => {
    const sent: Measurement[] = draft.current;
    save.mutate(
      { revision: draft.saved.revision, measurements: sent },
      {
        onSuccess: (answer) => {
          setDraft((current) => afterSave(current, sent, answer));
          void message.success(t('details.measurements.saved'));
        },
        onError: (error) => {
          if (isStaleSave(error)) {
            modal.confirm({
              title: t('details.measurements.staleTitle'),
              icon: <ExclamationCircleOutlined />,
              content: (error instanceof ApiError && error.message) || t('details.measurements.staleText'),
              okText: t('details.measurements.reload'),
              cancelText: t('common.actions.cancel'),
              onOk: reload,
            });
            return;
          }
          // 1908 names the measurement and the problem in the visitor's language.
          void message.error((error instanceof ApiError && error.message) || t('details.measurements.saveFailed'));
        },
      },
    );
  };

  return (
    <LazyViewerFrame label={label} testId="pointcloud-viewer" state={state} container={container} workType="pointcloud">
      {editable && state === 'ready' && (
        <div className="public-work-measure-bar" data-testid="measurements-bar">
          <span className="public-work-measure-bar__state" aria-live="polite">
            {dirty ? t('details.measurements.unsaved') : t('details.measurements.count', { count: draft.current.length })}
          </span>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!dirty}
            loading={save.isPending}
            onClick={saveNow}
            data-testid="measurements-save"
          >
            {save.isPending ? t('details.measurements.saving') : t('details.measurements.save')}
          </Button>
        </div>
      )}
    </LazyViewerFrame>
  );
}
