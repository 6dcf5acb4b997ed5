import { Button, ProgressBar, SpinLoading } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkProcessing } from '@spatia/contract';
import { ApiError } from '../../../api/client';
import { formatBytes } from '../../../lib/format';
import { createPanoramaWork, useStartProcessing } from '../api/panorama-work';
import { addWorkToSpace } from '../api/space-works';
import { panoramaShapeProblem, pictureFileProblem, readPictureSize, workNameOf, type PictureProblem } from '../lib/panorama-file';

/** One upload of the console's queue (features/uploads), as far as this page reads it. */
export interface PanoramaUploadItem {
  id: string;
  kind: string;
  status: 'preparing' | 'uploading' | 'paused' | 'verifying' | 'done' | 'error';
  bytesSent: number;
  bytesTotal: number;
  failure: { serverMessage: string } | { reason: 'network' | 'failed' } | null;
  resumedFrom: number | null;
}

/**
 * What the page hands this feature from features/uploads and features/works (a feature does not import another):
 * the same resumable tus queue and the same processing poll as the console's.
 */
export interface PanoramaUploadTools {
  useWorkUploads(
    uid: string,
    type: 'panorama',
  ): {
    uploads: { add(kind: 'origin', files: File[]): readonly { name: string }[]; retry(id: string): void };
    items: readonly PanoramaUploadItem[];
  };
  useWorkProcessing(uid: string | null): { data?: WorkProcessing };
  /** The largest panorama origin the server takes. */
  originMaxBytes: number;
  /** Where a work opens. */
  workPath(uid: string): string;
}

type Step =
  | { step: 'checking' }
  | { step: 'refused'; problem: PictureProblem }
  | { step: 'failed'; message: string }
  | { step: 'created'; uid: string };

interface PictureCardProps {
  pictureKey: string;
  file: File;
  spaceUid: string | null;
  tools: PanoramaUploadTools;
  onBusy: (key: string, busy: boolean) => void;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** One picture: checked, made a work, uploaded, processed and (with a space) put in the space. */
export function PictureCard({ pictureKey, file, spaceUid, tools, onBusy }: PictureCardProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<Step>({ step: 'checking' });
  const started = useRef(false);
  const fallbackName = t('spaceUpload.defaultName');
  const failedText = t('spaceUpload.failed');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    onBusy(pictureKey, true);
    void (async () => {
      const problem = pictureFileProblem(file, tools.originMaxBytes);
      if (problem) {
        setState({ step: 'refused', problem });
        return;
      }
      const size = await readPictureSize(file);
      const shape = size ? panoramaShapeProblem(size.width, size.height) : 'unreadable';
      if (shape) {
        setState({ step: 'refused', problem: shape });
        return;
      }
      try {
        const work = await createPanoramaWork(workNameOf(file.name, fallbackName));
        setState({ step: 'created', uid: work.uid });
      } catch (error) {
        setState({ step: 'failed', message: messageOf(error, failedText) });
      }
    })();
  }, [pictureKey, file, tools.originMaxBytes, fallbackName, failedText, onBusy]);

  useEffect(() => {
    if (state.step === 'refused' || state.step === 'failed') onBusy(pictureKey, false);
  }, [state.step, pictureKey, onBusy]);

  const phase = state.step === 'created' ? undefined : state.step;
  return (
    <li className="su-card" data-testid="space-upload-item" data-name={file.name} {...(phase ? { 'data-phase': phase } : {})}>
      <div className="su-card__head">
        <span className="su-card__name">{file.name}</span>
        <span className="su-card__size">{formatBytes(file.size)}</span>
      </div>
      {state.step === 'checking' && (
        <p className="su-card__line">
          <SpinLoading style={{ '--size': '16px' }} /> {t('spaceUpload.checking')}
        </p>
      )}
      {state.step === 'refused' && (
        <p className="su-card__line su-card__line--bad" role="alert">
          <CloseCircleFill aria-hidden /> {t(`spaceUpload.problem.${state.problem}`, { max: formatBytes(tools.originMaxBytes) })}
        </p>
      )}
      {state.step === 'failed' && (
        <p className="su-card__line su-card__line--bad" role="alert">
          <CloseCircleFill aria-hidden /> {state.message}
        </p>
      )}
      {state.step === 'created' && (
        <PictureProgress uid={state.uid} file={file} pictureKey={pictureKey} spaceUid={spaceUid} tools={tools} onBusy={onBusy} />
      )}
    </li>
  );
}

interface PictureProgressProps {
  uid: string;
  file: File;
  pictureKey: string;
  spaceUid: string | null;
  tools: PanoramaUploadTools;
  onBusy: (key: string, busy: boolean) => void;
}

type SpaceStep = 'idle' | 'adding' | 'added' | { failed: string };

function percent(sent: number, total: number): number {
  if (total <= 0) return 0;
  if (sent >= total) return 100;
  return Math.min(99, Math.floor((sent / total) * 100));
}

function PictureProgress({ uid, file, pictureKey, spaceUid, tools, onBusy }: PictureProgressProps) {
  const { t } = useTranslation();
  const { uploads, items } = tools.useWorkUploads(uid, 'panorama');
  const added = useRef(false);
  const [refused, setRefused] = useState(false);
  const item = items.find((candidate) => candidate.kind === 'origin');
  const uploaded = item?.status === 'done';
  const start = useStartProcessing();
  const activated = useRef(false);
  const [processingAsked, setProcessingAsked] = useState(false);
  const processing = tools.useWorkProcessing(processingAsked ? uid : null).data;
  const [space, setSpace] = useState<SpaceStep>('idle');
  const failedText = t('spaceUpload.failed');

  useEffect(() => {
    if (added.current) return;
    added.current = true;
    if (uploads.add('origin', [file]).length > 0) setRefused(true);
  }, [uploads, file]);

  const addToSpace = () => {
    if (!spaceUid) return;
    setSpace('adding');
    addWorkToSpace(spaceUid, uid).then(
      () => setSpace('added'),
      (error: unknown) => setSpace({ failed: messageOf(error, failedText) }),
    );
  };

  const process = () => {
    start.mutate(uid, { onSettled: () => setProcessingAsked(true) });
  };

  // Once every byte is stored: processing starts, and the work goes into the space at once (it is the owner's work
  // with its original; leaving during processing no longer costs the space its work).
  useEffect(() => {
    if (!uploaded || activated.current) return;
    activated.current = true;
    process();
    addToSpace();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the upload is done
  }, [uploaded]);

  const spacePending = spaceUid !== null && (space === 'idle' || space === 'adding');
  const busy = !refused && item?.status !== 'error' && (!uploaded || spacePending);
  useEffect(() => onBusy(pictureKey, busy), [pictureKey, busy, onBusy]);

  const state = processing?.state;
  const phase = refused
    ? 'refused'
    : !uploaded
      ? item?.status === 'error'
        ? 'uploadFailed'
        : 'uploading'
      : state === 'done' && !spacePending
        ? 'done'
        : state === 'failed' || start.isError
          ? 'processingFailed'
          : 'processing';

  return (
    <div className="su-card__body" data-phase={phase} data-uid={uid}>
      {refused && (
        <p className="su-card__line su-card__line--bad" role="alert">
          {t('spaceUpload.problem.duplicate')}
        </p>
      )}
      {item && !refused && <UploadLine item={item} onRetry={() => uploads.retry(item.id)} />}
      {uploaded && <ProcessingLine processing={processing} startFailed={start.isError} onRetry={process} />}
      {spaceUid && uploaded && (
        <p className={`su-card__line${typeof space === 'object' ? ' su-card__line--bad' : ''}`} data-testid="space-upload-space">
          {space === 'added' ? (
            <>
              <CheckCircleFill aria-hidden className="su-ok" /> {t('spaceUpload.space.added')}
            </>
          ) : typeof space === 'object' ? (
            <>
              {t('spaceUpload.space.failed', { message: space.failed })}
              <Button size="small" fill="none" color="primary" onClick={addToSpace} className="su-card__retry">
                {t('spaceUpload.retry')}
              </Button>
            </>
          ) : (
            t('spaceUpload.space.adding')
          )}
        </p>
      )}
      {phase === 'done' && (
        <Link to={tools.workPath(uid)} className="su-card__open" data-testid="space-upload-open">
          {t('spaceUpload.open')}
        </Link>
      )}
    </div>
  );
}

function UploadLine({ item, onRetry }: { item: PanoramaUploadItem; onRetry: () => void }) {
  const { t } = useTranslation();
  const value = item.status === 'done' ? 100 : percent(item.bytesSent, item.bytesTotal);
  const failure = item.failure;
  let text: string;
  if (item.status === 'done') text = t('spaceUpload.upload.done');
  else if (item.status === 'verifying') text = t('spaceUpload.upload.verifying');
  else if (item.status === 'preparing') text = t('spaceUpload.upload.preparing');
  else if (item.status === 'error')
    text = failure && 'serverMessage' in failure ? failure.serverMessage : t(`spaceUpload.upload.${failure?.reason ?? 'failed'}`);
  else text = t('spaceUpload.upload.progress', { percent: value, sent: formatBytes(item.bytesSent), total: formatBytes(item.bytesTotal) });
  return (
    <div className="su-step" data-testid="space-upload-upload" data-status={item.status}>
      <div className="su-step__label">
        <span>{t('spaceUpload.upload.label')}</span>
        <span>{value}%</span>
      </div>
      <ProgressBar percent={value} aria-label={t('spaceUpload.upload.label')} />
      <p className={`su-card__line${item.status === 'error' ? ' su-card__line--bad' : ''}`}>
        {text}
        {item.resumedFrom !== null && item.resumedFrom > 0 && item.status !== 'done' && (
          <span className="su-card__resumed"> · {t('spaceUpload.upload.resumed', { sent: formatBytes(item.resumedFrom) })}</span>
        )}
      </p>
      {item.status === 'error' && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry} className="su-card__retry" data-testid="space-upload-retry">
          {t('spaceUpload.upload.resume')}
        </Button>
      )}
    </div>
  );
}

function ProcessingLine({
  processing,
  startFailed,
  onRetry,
}: {
  processing: WorkProcessing | undefined;
  startFailed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const state = processing?.state;
  const value = state === 'done' ? 100 : Math.max(0, Math.min(99, Math.floor((processing?.progress ?? 0) * 100)));
  const failed = state === 'failed' || (startFailed && state !== 'queued' && state !== 'running' && state !== 'done');
  let text: string;
  if (failed) text = processing?.failure?.message ?? t('spaceUpload.processing.failed');
  else if (state === 'done') text = t('spaceUpload.processing.done');
  else if (state === 'running') text = t('spaceUpload.processing.running', { percent: value });
  else text = t('spaceUpload.processing.queued');
  return (
    <div className="su-step" data-testid="space-upload-processing" data-state={state ?? 'starting'}>
      <div className="su-step__label">
        <span>{t('spaceUpload.processing.label')}</span>
        <span>{value}%</span>
      </div>
      <ProgressBar percent={value} aria-label={t('spaceUpload.processing.label')} />
      <p className={`su-card__line${failed ? ' su-card__line--bad' : ''}`}>
        {state === 'done' && <CheckCircleFill aria-hidden className="su-ok" />} {text}
      </p>
      {failed && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry} className="su-card__retry">
          {t('spaceUpload.processing.retry')}
        </Button>
      )}
    </div>
  );
}
