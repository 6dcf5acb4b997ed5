import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Select, Switch } from 'antd';
import { TOUR_LIMITS } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import type { TourDraft, TourSettingsChange } from '../lib/tour-editor-state';

export interface MusicChoice {
  id: number;
  fileName: string;
}

interface TourSettingsPanelProps {
  draft: TourDraft;
  musicAssets: readonly MusicChoice[];
  onChange(change: TourSettingsChange): void;
  /** Opens the work's upload panel, where music is uploaded. */
  onUploadMusic?: () => void;
}

const DEFAULT_AUTOROTATE_DELAY = 15;

/** The tour's own settings: autorotate after a pause, the scene gallery, and background music. */
export function TourSettingsPanel({ draft, musicAssets, onChange, onUploadMusic }: TourSettingsPanelProps) {
  const { t } = useTranslation();
  const autorotate = draft.autorotateDelay > 0;
  const musicGone = draft.musicAssetId !== null && !musicAssets.some((asset) => asset.id === draft.musicAssetId);

  return (
    <Form layout="vertical" component="div" className="tour-settings" requiredMark={false}>
      <Form.Item label={t('tours.settings.autorotate')} extra={t('tours.settings.autorotateHelp')}>
        <div className="tour-settings__row">
          <Switch
            checked={autorotate}
            onChange={(on) => onChange({ autorotateDelay: on ? DEFAULT_AUTOROTATE_DELAY : 0 })}
            aria-label={t('tours.settings.autorotate')}
            data-testid="tour-autorotate"
          />
          <InputNumber
            min={1}
            max={TOUR_LIMITS.autorotateDelayMax}
            value={autorotate ? draft.autorotateDelay : null}
            disabled={!autorotate}
            onChange={(value) => {
              if (typeof value === 'number') onChange({ autorotateDelay: value });
            }}
            suffix={t('tours.settings.seconds')}
            aria-label={t('tours.settings.autorotateDelay')}
            className="tour-settings__delay"
            data-testid="tour-autorotate-delay"
          />
        </div>
      </Form.Item>
      <Form.Item label={t('tours.settings.gallery')} extra={t('tours.settings.galleryHelp')}>
        <Switch
          checked={draft.gallery}
          onChange={(gallery) => onChange({ gallery })}
          aria-label={t('tours.settings.gallery')}
          data-testid="tour-gallery"
        />
      </Form.Item>
      <Form.Item
        label={t('tours.settings.music')}
        validateStatus={musicGone ? 'error' : undefined}
        help={musicGone ? t('tours.settings.musicGone') : undefined}
      >
        <Select<number | 'none'>
          value={draft.musicAssetId ?? 'none'}
          onChange={(value) => onChange({ musicAssetId: value === 'none' ? null : value })}
          options={[
            { value: 'none' as const, label: t('tours.settings.noMusic') },
            ...musicAssets.map((asset) => ({ value: asset.id, label: asset.fileName })),
            // A file replaced or deleted since: shown as such, so that choosing again is a change.
            ...(musicGone && draft.musicAssetId !== null
              ? [{ value: draft.musicAssetId, label: t('tours.settings.missingMusic'), disabled: true }]
              : []),
          ]}
          aria-label={t('tours.settings.music')}
          data-testid="tour-music"
        />
      </Form.Item>
      {musicAssets.length === 0 && <Alert type="info" showIcon title={t('tours.settings.noMusicYet')} className="tour-settings__hint" />}
      {onUploadMusic && (
        <Button icon={<UploadOutlined />} onClick={onUploadMusic} data-testid="tour-upload-music">
          {musicAssets.length === 0 ? t('tours.settings.uploadMusic') : t('tours.settings.replaceMusic')}
        </Button>
      )}
    </Form>
  );
}
