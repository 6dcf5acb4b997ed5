import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@spatia/contract';
import { useWorkUploads } from '../lib/upload-hooks';
import { formatBytes } from '../lib/upload-progress';
import { describeAccept, inputAccept, uploadRuleOf } from '../lib/upload-rules';
import { rejectionText, UploadItemRow } from './upload-item';
import { useConfirmAssetRemoval } from './use-confirm-asset-removal';
import './uploads.css';

/**
 * The cover as lists show it, with Replace (a tus upload with progress, through the same queue as
 * the upload panel) and Remove. Both take effect at once, not with the form's Save.
 */
export function CoverEditor({ work, disabled }: { work: WorkDetail; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const { uploads, items } = useWorkUploads(work.uid, work.type);
  const { confirmRemoval, removing } = useConfirmAssetRemoval(work.uid);
  const rule = uploadRuleOf('cover', work.type);
  const coverAsset = work.assets.find((asset) => asset.kind === 'cover');
  // The newest cover upload that still needs attention; a finished one shows as the image itself.
  const active = items.find((item) => item.kind === 'cover' && item.status !== 'done');

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    for (const rejected of uploads.add('cover', [file])) void message.error(rejectionText(t, rejected, rule));
  };

  const confirmRemove = () => {
    if (!coverAsset) return;
    confirmRemoval(coverAsset.id, {
      title: t('workEdit.cover.removeTitle'),
      content: t('workEdit.cover.removeText'),
      okText: t('workEdit.cover.remove'),
      done: t('workEdit.cover.removed'),
    });
  };

  return (
    <div className="cover-editor" data-testid="cover-editor">
      <div className="cover-editor__image">
        {work.coverUrl ? (
          <img src={work.coverUrl} alt={t('workEdit.cover.alt', { name: work.name })} data-testid="cover-image" />
        ) : (
          <div className="cover-editor__empty" data-testid="cover-empty">
            <PictureOutlined aria-hidden />
            <span>{t('workEdit.cover.none')}</span>
          </div>
        )}
      </div>
      <div className="cover-editor__body">
        <p className="cover-editor__hint">
          {t('workEdit.cover.hint', { types: describeAccept(rule.accept), max: formatBytes(rule.maxBytes) })}
        </p>
        <Space wrap>
          <Button
            icon={<UploadOutlined />}
            onClick={() => input.current?.click()}
            disabled={disabled || active?.status === 'uploading'}
            data-testid="cover-replace"
          >
            {work.coverUrl ? t('workEdit.cover.replace') : t('workEdit.cover.upload')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            danger
            onClick={confirmRemove}
            disabled={disabled || !coverAsset}
            loading={removing}
            data-testid="cover-remove"
          >
            {t('workEdit.cover.remove')}
          </Button>
        </Space>
        {active && (
          <ul className="cover-editor__upload">
            <UploadItemRow item={active} uploads={uploads} />
          </ul>
        )}
        {/* Not `hidden`: antd's form styles show file inputs inside a form item. */}
        <input
          ref={input}
          type="file"
          accept={inputAccept(rule.accept)}
          style={{ display: 'none' }}
          onChange={onPick}
          data-testid="cover-input"
        />
      </div>
    </div>
  );
}
