import { AimOutlined, ArrowLeftOutlined, InfoCircleOutlined, NodeIndexOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type HotspotKind, type Tour, type TourSceneSettings, TourErrors } from '@spatia/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, showReloginDialog } from '../../../api/client';
import { useLanguage } from '../../../i18n';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { tourQueryOptions, useSaveTour } from '../api/tour-api';
import {
  canPlace,
  currentScene,
  initialEditorState,
  isDirty,
  musicAssetIdOf,
  newHotspotId,
  selectedHotspot,
  toTourUpdate,
  tourEditorReducer,
} from '../lib/tour-editor-state';
import { tourProblems } from '../lib/tour-problems';
import { HotspotInspector } from './hotspot-inspector';
import { SceneList } from './scene-list';
import { TourCanvas, type TourCanvasHandle } from './tour-canvas';
import { TourSettingsPanel, type MusicChoice } from './tour-settings-panel';
import './tour-editor.css';

export interface TourMusicAsset extends MusicChoice {
  url: string;
}

interface TourEditorProps {
  uid: string;
  workName: string;
  /** The tour as first read; the editor works on its own copy from then on. */
  tour: Tour;
  /** The work's `music` assets. */
  musicAssets: readonly TourMusicAsset[];
  onBack(): void;
  onUploadMusic?: () => void;
}

const UNDO_KEY = 'tour-hotspot-undo';
const UNDO_SECONDS = 6;

/** Whether a key press belongs to a field (typing), not to the editor's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('.ant-select, .ant-modal, .ant-slider') !== null
  );
}

/**
 * The tour editor of one processed panorama work: scenes (order, names, initial views), hotspots placed
 * and dragged on the panorama, and the tour's settings; saved in one PUT with the revision it was read
 * at. Leaving with unsaved changes asks first.
 */
export function TourEditor({ uid, workName, tour, musicAssets, onBack, onUploadMusic }: TourEditorProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const save = useSaveTour(uid);
  // The viewer is built from these files; a reload after someone else's save replaces them.
  const [files, setFiles] = useState(tour);
  const [state, dispatch] = useReducer(tourEditorReducer, undefined, () => initialEditorState(tour, musicAssetIdOf(tour, musicAssets)));
  const [serverProblem, setServerProblem] = useState('');
  const canvas = useRef<TourCanvasHandle>(null);

  const dirty = isDirty(state);
  const scene = currentScene(state);
  const hotspot = selectedHotspot(state);
  const problems = useMemo(() => tourProblems(state.draft), [state.draft]);
  const musicGone = state.draft.musicAssetId !== null && !musicAssets.some((asset) => asset.id === state.draft.musicAssetId);
  const blocked = problems.length > 0 || musicGone;
  const baseUrls = useMemo(() => new Map(files.scenes.map((item) => [item.id, item.baseUrl])), [files]);

  const reload = useCallback(async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...tourQueryOptions(uid), staleTime: 0 });
      setFiles(fresh);
      dispatch({ type: 'loaded', tour: fresh, musicAssetId: musicAssetIdOf(fresh, musicAssets) });
      setServerProblem('');
    } catch (error) {
      void message.error((error instanceof ApiError && error.message) || t('tours.loadFailed'));
    }
  }, [queryClient, uid, musicAssets, message, t]);

  const submit = () => {
    if (!dirty || blocked || save.isPending) return;
    setServerProblem('');
    save.mutate(toTourUpdate(state), {
      onSuccess: (saved) => {
        dispatch({ type: 'saved', tour: saved });
        void message.success(t('tours.saved'));
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        const serverMessage = error instanceof ApiError ? error.message : '';
        if (code === ErrorCode.unauthenticated) {
          showReloginDialog();
        } else if (code === TourErrors.tourRevisionStale.code) {
          modal.confirm({
            title: serverMessage || t('tours.stale.title'),
            content: t('tours.stale.text'),
            okText: t('tours.stale.reload'),
            okButtonProps: { danger: true },
            cancelText: t('tours.stale.keep'),
            onOk: reload,
          });
        } else if (code === TourErrors.tourInvalid.code && serverMessage) {
          // The server names what is wrong; it stays above the editor until the next save.
          setServerProblem(serverMessage);
        } else {
          void message.error(
            serverMessage || t(error instanceof ApiError && error.status === undefined ? 'errors.networkFailed' : 'errors.requestFailed'),
          );
        }
      },
    });
  };

  const removeHotspot = useCallback(
    (hotspotId: string) => {
      dispatch({ type: 'deleteHotspot', hotspotId });
      void message.open({
        key: UNDO_KEY,
        type: 'success',
        duration: UNDO_SECONDS,
        content: (
          <span className="tour-editor__undo" data-testid="hotspot-deleted">
            {t('tours.hotspot.deleted')}
            <Button
              type="link"
              size="small"
              onClick={() => {
                message.destroy(UNDO_KEY);
                dispatch({ type: 'undoDelete' });
              }}
              data-testid="hotspot-undo"
            >
              {t('tours.hotspot.undo')}
            </Button>
          </span>
        ),
      });
    },
    [message, t],
  );

  // Delete removes the selected hotspot, Escape stops placing or deselects; never while typing.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (event.key === 'Escape') {
        if (state.placing) dispatch({ type: 'stopPlacing' });
        else if (state.hotspotId) dispatch({ type: 'selectHotspot', hotspotId: null });
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && state.hotspotId) {
        event.preventDefault();
        removeHotspot(state.hotspotId);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [state.placing, state.hotspotId, removeHotspot]);

  // Leaving: inside the app, ask; closing or reloading the tab, the browser asks.
  useLeaveGuard(dirty, {
    title: t('tours.leave.title'),
    text: t('tours.leave.text'),
    leave: t('tours.leave.discard'),
    stay: t('tours.leave.keep'),
  });

  const togglePlacing = (kind: HotspotKind) => dispatch(state.placing === kind ? { type: 'stopPlacing' } : { type: 'startPlacing', kind });

  const setInitialView = () => {
    const view = canvas.current?.getView();
    if (!view) return;
    dispatch({ type: 'setInitialView', view, fov: view.fov });
    void message.success(t('tours.view.set'));
  };

  const onPlace = useCallback(
    (direction: { yaw: number; pitch: number }) => dispatch({ type: 'placeHotspot', id: newHotspotId(), direction }),
    [],
  );
  const onSelectHotspot = useCallback((hotspotId: string | null) => dispatch({ type: 'selectHotspot', hotspotId }), []);
  const onMoveHotspot = useCallback(
    (hotspotId: string, direction: { yaw: number; pitch: number }) => dispatch({ type: 'moveHotspot', hotspotId, direction }),
    [],
  );

  const placeButton = (kind: HotspotKind) => {
    const allowed = canPlace(state, kind);
    const active = state.placing === kind;
    const reason = !allowed
      ? t(kind === 'link' && state.draft.scenes.length < 2 ? 'tours.tools.needTwoScenes' : 'tours.tools.full')
      : undefined;
    const button = (
      <Button
        type={active ? 'primary' : 'default'}
        icon={kind === 'link' ? <NodeIndexOutlined /> : <InfoCircleOutlined />}
        disabled={!allowed}
        aria-pressed={active}
        onClick={() => togglePlacing(kind)}
        data-testid={kind === 'link' ? 'tour-add-link' : 'tour-add-info'}
      >
        {active ? t('tours.tools.cancelPlacing') : t(kind === 'link' ? 'tours.tools.addLink' : 'tours.tools.addInfo')}
      </Button>
    );
    return reason ? <Tooltip title={reason}>{button}</Tooltip> : button;
  };

  const sceneProblems = problems.filter((problem) => problem.sceneId === state.sceneId && problem.hotspotId === hotspot?.id);

  return (
    <div className="tour-editor" data-testid="tour-editor" data-dirty={dirty}>
      <header className="tour-editor__bar">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} className="tour-editor__back" data-testid="tour-back">
          <span className="tour-editor__back-text">{t('tours.back')}</span>
        </Button>
        <div className="tour-editor__titles">
          <h1 className="tour-editor__title">{t('tours.title')}</h1>
          <span className="tour-editor__work" title={workName}>
            {workName}
          </span>
        </div>
        <span className="tour-editor__state" aria-live="polite">
          {dirty ? (
            <Tag color="orange" data-testid="tour-unsaved">
              {t('tours.unsaved')}
            </Tag>
          ) : (
            <span className="tour-editor__saved-note">{t('tours.noChanges')}</span>
          )}
        </span>
        <Tooltip title={blocked && dirty ? t('tours.fixFirst') : undefined}>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            onClick={submit}
            loading={save.isPending}
            disabled={!dirty || blocked}
            data-testid="tour-save"
          >
            {t('common.actions.save')}
          </Button>
        </Tooltip>
      </header>
      {serverProblem && (
        <Alert
          type="error"
          showIcon
          title={serverProblem}
          closable={{ onClose: () => setServerProblem('') }}
          className="tour-editor__alert"
          data-testid="tour-server-problem"
        />
      )}
      <div className="tour-editor__body">
        <section className="tour-editor__stage" aria-label={t('tours.stage')}>
          <div className="tour-editor__tools" role="toolbar" aria-label={t('tours.tools.label')}>
            {placeButton('link')}
            {placeButton('info')}
            <Button icon={<AimOutlined />} onClick={setInitialView} data-testid="tour-set-view">
              {t('tours.tools.setView')}
            </Button>
          </div>
          <TourCanvas
            ref={canvas}
            files={files}
            scenes={state.draft.scenes}
            sceneId={state.sceneId}
            selectedHotspotId={state.hotspotId}
            placing={state.placing}
            language={language}
            onPlace={onPlace}
            onSelectHotspot={onSelectHotspot}
            onMoveHotspot={onMoveHotspot}
          />
          {scene && (
            <p className="tour-editor__view" data-testid="tour-initial-view">
              {t('tours.view.current', {
                name: scene.name,
                yaw: scene.initialView.yaw.toFixed(1),
                pitch: scene.initialView.pitch.toFixed(1),
                fov: scene.fov.toFixed(0),
              })}
            </p>
          )}
        </section>
        <aside className="tour-editor__inspector" aria-label={t('tours.inspector')}>
          {hotspot && scene ? (
            <HotspotInspector
              hotspot={hotspot}
              sceneId={scene.id}
              scenes={state.draft.scenes}
              problems={sceneProblems}
              onChangeLink={(change) => dispatch({ type: 'changeLink', hotspotId: hotspot.id, change })}
              onChangeInfo={(change) => dispatch({ type: 'changeInfo', hotspotId: hotspot.id, change })}
              onDelete={() => removeHotspot(hotspot.id)}
              onGoToScene={(sceneId) => dispatch({ type: 'selectScene', sceneId })}
            />
          ) : (
            scene && (
              <ScenePanel
                scene={scene}
                onSelectHotspot={onSelectHotspot}
                problemIds={new Set(problems.map((problem) => problem.hotspotId))}
              />
            )
          )}
        </aside>
        <aside className="tour-editor__side" aria-label={t('tours.scenes.title')}>
          <h2 className="tour-editor__heading">{t('tours.scenes.title')}</h2>
          <p className="tour-editor__hint">{t('tours.scenes.hint')}</p>
          <SceneList
            scenes={state.draft.scenes}
            baseUrls={baseUrls}
            currentId={state.sceneId}
            onSelect={(sceneId) => dispatch({ type: 'selectScene', sceneId })}
            onRename={(sceneId, name) => dispatch({ type: 'renameScene', sceneId, name })}
            onMove={(from, to) => dispatch({ type: 'moveScene', from, to })}
          />
          <h2 className="tour-editor__heading">{t('tours.settings.title')}</h2>
          <TourSettingsPanel
            draft={state.draft}
            musicAssets={musicAssets}
            onChange={(change) => dispatch({ type: 'changeSettings', change })}
            onUploadMusic={onUploadMusic}
          />
        </aside>
      </div>
    </div>
  );
}

/** With no hotspot selected: the scene's hotspots, to pick one, and how to add more. */
function ScenePanel({
  scene,
  onSelectHotspot,
  problemIds,
}: {
  scene: TourSceneSettings;
  onSelectHotspot(hotspotId: string): void;
  problemIds: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  return (
    <section className="scene-panel" aria-labelledby="scene-panel-title" data-testid="scene-panel">
      <h3 id="scene-panel-title" className="scene-panel__title">
        {scene.name}
      </h3>
      {scene.hotspots.length === 0 ? (
        <p className="scene-panel__empty">{t('tours.scenePanel.empty')}</p>
      ) : (
        <ul className="scene-panel__hotspots">
          {scene.hotspots.map((hotspot, index) => (
            <li key={hotspot.id}>
              <button
                type="button"
                className="scene-panel__hotspot"
                onClick={() => onSelectHotspot(hotspot.id)}
                data-testid="scene-panel-hotspot"
              >
                {hotspot.kind === 'link' ? <NodeIndexOutlined aria-hidden /> : <InfoCircleOutlined aria-hidden />}
                <span className="scene-panel__hotspot-name">
                  {hotspot.kind === 'link'
                    ? hotspot.label || t('tours.scenePanel.link', { index: index + 1 })
                    : hotspot.title || t('tours.scenePanel.info', { index: index + 1 })}
                </span>
                {problemIds.has(hotspot.id) && <Tag color="red">{t('tours.scenePanel.problem')}</Tag>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="scene-panel__help">{t('tours.scenePanel.help')}</p>
    </section>
  );
}
