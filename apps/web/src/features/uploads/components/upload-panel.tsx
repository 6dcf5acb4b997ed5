import {
  CameraOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  FileImageOutlined,
  HistoryOutlined,
  InboxOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Skeleton, Upload } from 'antd';
import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetKindsOf, SINGLE_ASSET_KINDS, type AssetKind, type WorkType } from '@spatia/contract';
import { useWork } from '../../../api/get-work';
import { useInterruptedUploads, useWorkUploads, type InterruptedUpload } from '../lib/upload-hooks';
import { formatBytes } from '../lib/upload-progress';
import type { RejectedFile, UploadItem, UploadSuccess, WorkUploads } from '../lib/upload-queue';
import { describeAccept, inputAccept, lockedAssetKinds, uploadRuleOf } from '../lib/upload-rules';
import { AssetList } from './asset-list';
import { rejectionText, UploadItemRow } from './upload-item';
import './uploads.css';

const KIND_ICONS: Record<AssetKind, ReactNode> = {
  origin: <CloudUploadOutlined />,
  cover: <FileImageOutlined />,
  slr: <CameraOutlined />,
  coverVideo: <VideoCameraOutlined />,
  music: <CustomerServiceOutlined />,
};

interface UploadPanelProps {
  uid: string;
  workType: WorkType;
  onUploaded?: () => void;
}

/**
 * A work's files: one drop zone per asset kind with what it accepts, the uploads under way (resumable,
 * with pause and retry), uploads a reload interrupted, and the files the work already holds.
 */
export function UploadPanel({ uid, workType, onUploaded }: UploadPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const work = useWork(uid);
  const announce = useCallback(
    (success: UploadSuccess) => {
      void message.success(t('workEdit.upload.uploaded', { name: success.name }));
      onUploaded?.();
    },
    [message, t, onUploaded],
  );
  const { uploads, items } = useWorkUploads(uid, workType, announce);
  const locked = work.data ? lockedAssetKinds(work.data.status) : [];

  return (
    <div className="upload-panel" data-testid="upload-panel">
      {locked.length > 0 && <Alert type="warning" showIcon title={t('workEdit.upload.lockedInReview')} className="upload-panel__alert" />}
      <div className="upload-panel__kinds">
        {assetKindsOf(workType).map((kind) => (
          <UploadKindSection
            key={kind}
            uid={uid}
            kind={kind}
            workType={workType}
            uploads={uploads}
            items={items.filter((item) => item.kind === kind)}
            locked={locked.includes(kind)}
          />
        ))}
      </div>
      {work.data ? <AssetList uid={uid} assets={work.data.assets} lockedKinds={locked} /> : <Skeleton active paragraph={{ rows: 2 }} />}
    </div>
  );
}

interface UploadKindSectionProps {
  uid: string;
  kind: AssetKind;
  workType: WorkType;
  uploads: WorkUploads;
  items: UploadItem[];
  locked: boolean;
}

function UploadKindSection({ uid, kind, workType, uploads, items, locked }: UploadKindSectionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const section = useRef<HTMLElement>(null);
  const rule = uploadRuleOf(kind, workType);
  const single = SINGLE_ASSET_KINDS.includes(kind);
  const { interrupted, discard } = useInterruptedUploads(uid, kind, items);
  const finished = items.filter((item) => item.status === 'done').length;

  const report = (rejected: RejectedFile[]) => {
    for (const file of rejected) void message.error(rejectionText(t, file, rule));
  };

  const pick = () => section.current?.querySelector<HTMLInputElement>('input[type="file"]')?.click();

  return (
    <section ref={section} className="upload-kind" aria-labelledby={`upload-kind-${kind}`} data-testid={`upload-kind-${kind}`}>
      <header className="upload-kind__head">
        <span className="icon-tile" aria-hidden>
          {KIND_ICONS[kind]}
        </span>
        <div className="upload-kind__titles">
          <h3 id={`upload-kind-${kind}`} className="upload-kind__title">
            {t(`workEdit.kinds.${kind}.title`)}
          </h3>
          <p className="upload-kind__purpose">{t(`workEdit.kinds.${kind}.purpose`)}</p>
        </div>
      </header>
      <Upload.Dragger
        // The picker offers the accepted types; a dropped file of another type reaches our check and
        // its message instead of vanishing silently.
        accept={{ format: inputAccept(rule.accept), filter: 'native' }}
        multiple={!single}
        showUploadList={false}
        disabled={locked}
        // The files go to our queue; antd never sends (or reads) them.
        beforeUpload={(file) => {
          report(uploads.add(kind, [file]));
          return Upload.LIST_IGNORE;
        }}
        className="upload-kind__drop"
      >
        <p className="upload-kind__drop-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="upload-kind__drop-text">{single ? t('workEdit.upload.dropOne') : t('workEdit.upload.dropMany')}</p>
        <p className="upload-kind__drop-hint" data-testid={`upload-rule-${kind}`}>
          {t('workEdit.upload.rule', { types: describeAccept(rule.accept), max: formatBytes(rule.maxBytes) })}
          {single ? ` · ${t('workEdit.upload.replaces')}` : ''}
        </p>
      </Upload.Dragger>
      {interrupted.length > 0 && (
        <ul className="upload-kind__list">
          {interrupted.map((entry) => (
            <InterruptedRow key={entry.key} entry={entry} onPick={pick} onDiscard={() => void discard(entry)} disabled={locked} />
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="upload-kind__list" aria-live="polite">
          {items.map((item) => (
            <UploadItemRow key={item.id} item={item} uploads={uploads} />
          ))}
        </ul>
      )}
      {finished > 1 && (
        <Button type="link" size="small" onClick={() => uploads.clearFinished(kind)} className="upload-kind__clear">
          {t('workEdit.upload.clearFinished')}
        </Button>
      )}
    </section>
  );
}

function InterruptedRow({
  entry,
  onPick,
  onDiscard,
  disabled,
}: {
  entry: InterruptedUpload;
  onPick: () => void;
  onDiscard: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const sent =
    entry.bytesOnServer === undefined
      ? t('workEdit.upload.interrupted.checking')
      : entry.bytesOnServer === null
        ? formatBytes(entry.size)
        : t('workEdit.upload.interrupted.sent', { sent: formatBytes(entry.bytesOnServer), total: formatBytes(entry.size) });
  return (
    <li className="upload-item upload-item--interrupted" data-testid="upload-interrupted" data-name={entry.fileName}>
      <div className="upload-item__head">
        <span className="upload-item__icon" aria-hidden>
          <HistoryOutlined />
        </span>
        <span className="upload-item__name" title={entry.fileName}>
          {entry.fileName || t('workEdit.assets.unnamed')}
        </span>
        <span className="upload-item__actions">
          <Button type="link" size="small" onClick={onPick} disabled={disabled} data-testid="upload-interrupted-pick">
            {t('workEdit.upload.interrupted.pick')}
          </Button>
          <Button type="text" size="small" danger onClick={onDiscard} data-testid="upload-interrupted-discard">
            {t('workEdit.upload.interrupted.discard')}
          </Button>
        </span>
      </div>
      <div className="upload-item__meta">
        <span className="upload-item__state">{t('workEdit.upload.interrupted.hint')}</span>
        <span className="upload-item__facts">{sent}</span>
      </div>
    </li>
  );
}
