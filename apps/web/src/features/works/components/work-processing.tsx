import {
  CheckCircleFilled,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { App, Button, Skeleton } from 'antd';
import type { WorkProcessing, WorkType } from '@spatia/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PointsProgress } from '../../../components/points-progress';
import { ProcessingBar } from '../../../components/processing-bar';
import { useActivateSolver, useWorkProcessing } from '../api/processing';
import { describeProcessing } from '../lib/processing-display';

interface WorkProcessingStatusProps {
  uid: string;
  /** A panorama counts its scenes when done; a model or point cloud has none to count. */
  type: WorkType;
  /** `compact` in a card or a table row; `full` in a dialog, with the failed file named. */
  variant?: 'compact' | 'full';
  /** Shown until the first answer (the verify dialog has one already). */
  initial?: WorkProcessing;
}

/**
 * Where a work's processing stands: not processed, queued, running with a live bar and the stage (a
 * point cloud's conversion with its points), failed with the server's reason and a Retry button, or
 * done (a panorama with its scene count). Without an original file it says so in place of the button. The
 * query asks again every second only while the work is queued or running.
 */
export function WorkProcessingStatus({ uid, type, variant = 'compact', initial }: WorkProcessingStatusProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useWorkProcessing(uid);
  const activate = useActivateSolver();
  const processing = query.data ?? initial;

  if (!processing) {
    return query.isError ? null : <Skeleton.Button active size="small" className="work-processing__loading" />;
  }

  const view = describeProcessing(processing);
  const start = () =>
    activate.mutate(uid, {
      onSuccess: () => void message.success(t('works.processing.queuedMessage')),
    });
  // Without an original file a start is refused (1910): say what to upload instead of offering it.
  const startButton = view.missingOrigin ? (
    <span className="work-processing__hint" data-testid="work-processing-no-origin">
      {t('works.processing.noOrigin')}
    </span>
  ) : (
    <Button
      size="small"
      type={view.tone === 'failed' ? 'primary' : 'link'}
      icon={view.tone === 'failed' ? <ReloadOutlined /> : <ThunderboltOutlined />}
      loading={activate.isPending}
      onClick={start}
      className="work-processing__start"
      data-testid={view.tone === 'failed' ? 'work-processing-retry' : 'work-processing-start'}
    >
      {t(`works.processing.actions.${view.startLabel}`)}
    </Button>
  );

  let body;
  switch (view.tone) {
    case 'idle':
      body = (
        <StatusLine icon={<MinusCircleOutlined aria-hidden />} text={t('works.processing.idle')}>
          {startButton}
        </StatusLine>
      );
      break;
    case 'waiting':
    case 'running':
      body = (
        <>
          <StatusLine
            icon={view.tone === 'waiting' ? <ClockCircleOutlined aria-hidden /> : <LoadingOutlined aria-hidden />}
            text={view.tone === 'waiting' ? t('works.processing.queued') : t(`works.processing.stages.${view.stage ?? 'prepare'}`)}
          >
            <PointsProgress points={view.points} className="work-processing__points" testId="work-processing-points" />
            <span className="work-processing__percent">{view.percent}%</span>
          </StatusLine>
          <ProcessingBar percent={view.percent} label={t('works.processing.progressLabel')} testId="work-processing-progress" />
        </>
      );
      break;
    case 'failed':
      body = (
        <>
          <StatusLine icon={<ExclamationCircleFilled aria-hidden />} text={t('works.processing.failed')}>
            {startButton}
          </StatusLine>
          {view.failureMessage && (
            <p className="work-processing__reason" title={view.failureMessage} role="alert" data-testid="work-processing-reason">
              {view.failureMessage}
            </p>
          )}
          {variant === 'full' && processing.attempts > 1 && (
            <p className="work-processing__note">{t('works.processing.attempts', { count: processing.attempts })}</p>
          )}
        </>
      );
      break;
    case 'done':
      body = (
        <StatusLine
          icon={<CheckCircleFilled aria-hidden />}
          text={type === 'panorama' ? t('works.processing.done', { count: view.sceneCount }) : t('works.processing.processed')}
        >
          {variant === 'full' && startButton}
        </StatusLine>
      );
      break;
  }

  return (
    <div
      className={`work-processing work-processing--${view.tone} work-processing--${variant}`}
      data-testid="work-processing"
      data-state={processing.state}
      aria-live="polite"
    >
      {body}
    </div>
  );
}

/** One line of the status: its icon and words, then what goes with them (a button, the progress). */
function StatusLine({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="work-processing__line">
      <span className="work-processing__label">
        {icon} {text}
      </span>
      {children}
    </div>
  );
}
