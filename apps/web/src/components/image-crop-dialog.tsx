import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Slider, Spin } from 'antd';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { initialCrop, MAX_ZOOM, MIN_ZOOM, panCrop, renderSquare, sourceSquare, zoomCrop, type CropState } from '../lib/image-crop';
import './image-crop-dialog.css';

/** Encodes the chosen square at the output size, in the given type. */
export type RenderCrop = (type: string, quality?: number) => Promise<Blob>;

interface ImageCropDialogProps {
  /** The picked image; the dialog is open while there is one. */
  file: File | null;
  title: string;
  /** Side of the square output in pixels. */
  outputSize?: number;
  /** True while the parent uploads the result. */
  busy?: boolean;
  /** Upload progress 0-100 while busy; undefined hides the bar. */
  progress?: number;
  onCancel: () => void;
  onConfirm: (render: RenderCrop) => void;
}

const KEY_STEP_PX = 10;
const ZOOM_STEP = 0.1;

function useStageSize(): number {
  const compute = () => Math.max(200, Math.min(320, (typeof window === 'undefined' ? 400 : window.innerWidth) - 96));
  const [size, setSize] = useState(compute);
  useEffect(() => {
    const onResize = () => setSize(compute());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The stage's handlers, spread onto it: drag or the arrow keys pan; the wheel (about the pointer) or +/- zoom. */
function useStageGestures(
  zoom: number,
  pan: (dx: number, dy: number) => void,
  setZoom: (zoom: number, focus?: { x: number; y: number }) => void,
) {
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const endDrag = () => {
    drag.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const last = drag.current;
      if (!last || last.pointerId !== event.pointerId) return;
      pan(event.clientX - last.x, event.clientY - last.y);
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onWheel: (event: WheelEvent<HTMLDivElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      setZoom(zoom * (event.deltaY < 0 ? 1.08 : 1 / 1.08), { x: event.clientX - box.left, y: event.clientY - box.top });
    },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [KEY_STEP_PX, 0],
        ArrowRight: [-KEY_STEP_PX, 0],
        ArrowUp: [0, KEY_STEP_PX],
        ArrowDown: [0, -KEY_STEP_PX],
      };
      const move = moves[event.key];
      if (move) pan(...move);
      else if (event.key === '+' || event.key === '=') setZoom(zoom + ZOOM_STEP);
      else if (event.key === '-' || event.key === '_') setZoom(zoom - ZOOM_STEP);
      else return;
      event.preventDefault();
    },
  };
}

/**
 * A square crop in the browser: drag (or arrow keys) to move, the slider, the wheel or +/- to zoom.
 * The result is drawn on a canvas, so the server receives exactly the square the user saw.
 */
export function ImageCropDialog({ file, title, outputSize = 512, busy = false, progress, onCancel, onConfirm }: ImageCropDialogProps) {
  const { t } = useTranslation();
  const stage = useStageSize();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });

  // The stage size is read once per file; a resize keeps the current crop (clamped below).
  const showImage = useEffectEvent((element: HTMLImageElement) => {
    setImage(element);
    setCrop(initialCrop({ width: element.naturalWidth, height: element.naturalHeight }, stage));
  });

  useEffect(() => {
    setImage(null);
    setFailed(false);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.onload = () => showImage(element);
    element.onerror = () => setFailed(true);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;

  // Keep the crop valid when the stage changes size (a phone rotated).
  const fitCropToStage = useEffectEvent((viewport: number) => {
    if (size) setCrop((current) => panCrop(current, 0, 0, size, viewport));
  });
  useEffect(() => fitCropToStage(stage), [stage]);

  const setZoom = (zoom: number, focus?: { x: number; y: number }) => {
    if (size) setCrop((current) => zoomCrop(current, zoom, size, stage, focus));
  };
  const pan = (dx: number, dy: number) => {
    if (size) setCrop((current) => panCrop(current, dx, dy, size, stage));
  };

  const gestures = useStageGestures(crop.zoom, pan, setZoom);

  const confirm = () => {
    if (!image || !size) return;
    const square = sourceSquare(crop, size, stage);
    onConfirm((type, quality) => renderSquare(image, square, outputSize, type, quality));
  };

  return (
    <Modal
      open={file !== null}
      title={title}
      onCancel={busy ? undefined : onCancel}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      width={Math.max(stage + 48, 360)}
      centered
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={busy}>
          {t('common.actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} loading={busy} disabled={!image} data-testid="crop-confirm">
          {t('common.crop.confirm')}
        </Button>,
      ]}
    >
      <div className="image-crop">
        {failed ? (
          <Alert type="error" showIcon title={t('common.crop.unreadable')} />
        ) : !image || !size ? (
          <div className="image-crop__loading" style={{ width: stage, height: stage }}>
            <Spin />
          </div>
        ) : (
          <>
            <div
              className="image-crop__stage"
              style={{ width: stage, height: stage }}
              tabIndex={0}
              role="group"
              aria-label={t('common.crop.stageLabel')}
              aria-describedby="image-crop-help"
              {...gestures}
              data-testid="crop-stage"
            >
              <img
                src={image.src}
                alt=""
                draggable={false}
                className="image-crop__image"
                style={{
                  width: size.width * (stage / Math.min(size.width, size.height)) * crop.zoom,
                  height: size.height * (stage / Math.min(size.width, size.height)) * crop.zoom,
                  transform: `translate(${crop.x}px, ${crop.y}px)`,
                }}
              />
              <div className="image-crop__guide" aria-hidden />
            </div>
            <div className="image-crop__zoom">
              <Button
                type="text"
                icon={<MinusOutlined />}
                onClick={() => setZoom(crop.zoom - ZOOM_STEP * 2)}
                disabled={crop.zoom <= MIN_ZOOM}
                aria-label={t('common.crop.zoomOut')}
              />
              <Slider
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.01}
                value={crop.zoom}
                onChange={(value) => setZoom(value)}
                tooltip={{ open: false }}
                className="image-crop__slider"
                aria-label={t('common.crop.zoom')}
              />
              <Button
                type="text"
                icon={<PlusOutlined />}
                onClick={() => setZoom(crop.zoom + ZOOM_STEP * 2)}
                disabled={crop.zoom >= MAX_ZOOM}
                aria-label={t('common.crop.zoomIn')}
              />
            </div>
            <p id="image-crop-help" className="image-crop__help">
              {t('common.crop.help')}
            </p>
          </>
        )}
        {busy && progress !== undefined && (
          <Progress percent={Math.round(progress)} size="small" className="image-crop__progress" aria-label={t('common.crop.uploading')} />
        )}
      </div>
    </Modal>
  );
}
