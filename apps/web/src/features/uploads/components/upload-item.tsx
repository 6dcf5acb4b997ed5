import { CaretRightOutlined, CheckCircleFilled, CloseOutlined, FileOutlined, PauseOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Progress, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatSpeed, percentOf, splitDuration } from '../lib/upload-progress';
import type { RejectedFile, UploadFailure, UploadItem, UploadStatus, WorkUploads } from '../lib/upload-queue';
import { describeAccept, type UploadRule } from '../lib/upload-rules';

export function durationText(t: TFunction, seconds: number): string {
  const { hours, minutes, seconds: rest } = splitDuration(seconds);
  if (hours > 0) return t('workEdit.upload.duration.hours', { hours, minutes });
  if (minutes > 0) return t('workEdit.upload.duration.minutes', { minutes, seconds: rest });
  return t('workEdit.upload.duration.seconds', { seconds: rest });
}

export function failureText(t: TFunction, failure: UploadFailure | null): string {
  if (!failure) return t('workEdit.upload.failure.failed');
  return 'serverMessage' in failure ? failure.serverMessage : t(`workEdit.upload.failure.${failure.reason}`);
}

/** Why a file was not queued, with the rule it broke. */
export function rejectionText(t: TFunction, { name, problem }: RejectedFile, rule: UploadRule): string {
  return t(`workEdit.upload.rejected.${problem}`, { name, max: formatBytes(rule.maxBytes), types: describeAccept(rule.accept) });
}

const PROGRESS_STATUS: Record<UploadStatus, 'active' | 'exception' | 'success' | 'normal'> = {
  preparing: 'normal',
  uploading: 'active',
  paused: 'normal',
  verifying: 'active',
  done: 'success',
  error: 'exception',
};

interface RowActionProps {
  /** The tooltip; it names the button too unless `ariaLabel` says more. */
  title: string;
  ariaLabel?: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
}

/** One of an upload row's small icon buttons. */
function RowAction({ title, ariaLabel = title, icon, onClick, testId }: RowActionProps) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} onClick={onClick} aria-label={ariaLabel} data-testid={testId} />
    </Tooltip>
  );
}

interface UploadItemRowProps {
  item: UploadItem;
  /** The queue the item is in: its buttons pause, resume, retry or cancel it there. */
  uploads: Pick<WorkUploads, 'pause' | 'resume' | 'retry' | 'cancel'>;
}

/** One file on its way: progress, bytes, speed and time left, and what can be done with it. */
export function UploadItemRow({ item, uploads }: UploadItemRowProps) {
  const { t } = useTranslation();
  const percent = percentOf(item.bytesSent, item.bytesTotal);
  // A file still getting its grant has nothing to pause yet; it can be cancelled.
  const running = item.status === 'uploading';
  const facts: string[] = [];
  if (item.status !== 'done') facts.push(`${formatBytes(item.bytesSent)} / ${formatBytes(item.bytesTotal)}`);
  else facts.push(formatBytes(item.bytesTotal));
  if (item.status === 'uploading' && item.bytesPerSecond !== null) facts.push(formatSpeed(item.bytesPerSecond));
  if (item.status === 'uploading' && item.secondsLeft !== null)
    facts.push(t('workEdit.upload.timeLeft', { time: durationText(t, item.secondsLeft) }));

  const cancelButton = (
    <Button
      type="text"
      size="small"
      icon={<CloseOutlined />}
      aria-label={t('workEdit.upload.cancel', { name: item.name })}
      data-testid="upload-cancel"
    />
  );

  return (
    <li
      className={`upload-item upload-item--${item.status}`}
      data-testid="upload-item"
      data-status={item.status}
      data-kind={item.kind}
      data-name={item.name}
    >
      <div className="upload-item__head">
        <span className="upload-item__icon" aria-hidden>
          {item.status === 'done' ? <CheckCircleFilled /> : <FileOutlined />}
        </span>
        <span className="upload-item__name" title={item.name}>
          {item.name}
        </span>
        <span className="upload-item__actions">
          {running && (
            <RowAction
              title={t('workEdit.upload.pause')}
              icon={<PauseOutlined />}
              onClick={() => uploads.pause(item.id)}
              testId="upload-pause"
            />
          )}
          {item.status === 'paused' && (
            <RowAction
              title={t('workEdit.upload.resume')}
              icon={<CaretRightOutlined />}
              onClick={() => uploads.resume(item.id)}
              testId="upload-resume"
            />
          )}
          {item.status === 'error' && (
            <Button type="link" size="small" icon={<RedoOutlined />} onClick={() => uploads.retry(item.id)} data-testid="upload-retry">
              {t('common.actions.retry')}
            </Button>
          )}
          {item.status === 'done' || item.status === 'error' || item.bytesSent === 0 ? (
            <RowAction
              title={item.status === 'done' ? t('workEdit.upload.dismiss') : t('workEdit.upload.cancelShort')}
              ariaLabel={item.status === 'done' ? t('workEdit.upload.dismiss') : t('workEdit.upload.cancel', { name: item.name })}
              icon={<CloseOutlined />}
              onClick={() => uploads.cancel(item.id)}
              testId="upload-cancel"
            />
          ) : (
            <Popconfirm
              title={t('workEdit.upload.cancelTitle')}
              description={t('workEdit.upload.cancelText')}
              okText={t('workEdit.upload.cancelConfirm')}
              okButtonProps={{ danger: true }}
              cancelText={t('workEdit.upload.keepGoing')}
              onConfirm={() => uploads.cancel(item.id)}
            >
              {cancelButton}
            </Popconfirm>
          )}
        </span>
      </div>
      <Progress
        percent={percent}
        size="small"
        status={PROGRESS_STATUS[item.status]}
        showInfo={item.status !== 'done'}
        aria-label={t('workEdit.upload.progressOf', { name: item.name })}
      />
      <div className="upload-item__meta">
        <span className="upload-item__state" data-testid="upload-state">
          {item.status === 'error' ? (
            <span className="upload-item__error">{failureText(t, item.failure)}</span>
          ) : (
            t(`workEdit.upload.status.${item.status}`)
          )}
        </span>
        <span className="upload-item__facts" data-testid="upload-facts">
          {facts.join(' · ')}
        </span>
        {item.resumedFrom !== null && item.resumedFrom > 0 && item.status !== 'done' && (
          <Tag variant="filled" color="blue" className="upload-item__resumed" data-testid="upload-resumed">
            {t('workEdit.upload.resumedFrom', { size: formatBytes(item.resumedFrom) })}
          </Tag>
        )}
      </div>
    </li>
  );
}
