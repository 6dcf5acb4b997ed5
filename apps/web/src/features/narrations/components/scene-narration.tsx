import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Progress, Space, Upload } from 'antd';
import { NARRATION_LIMITS, type NarrationDetail } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveSceneAudio, useSaveSceneText, useUploadSceneAudio } from '../api/narrations-api';
import { AudioRecorder, clock } from './audio-recorder';

type Scene = NarrationDetail['scenes'][number];

const ACCEPT = '.mp3,.m4a,.ogg,.oga,.opus,.webm,audio/mpeg,audio/mp4,audio/ogg,audio/webm';

/** One scene of the guide: its thumbnail and name, the text, and the clip (record, upload, listen, remove). */
export function SceneNarration({ guideId, scene, index }: { guideId: number; scene: Scene; index: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState(scene.text);
  const [percent, setPercent] = useState<number | null>(null);
  const saveText = useSaveSceneText(guideId);
  const upload = useUploadSceneAudio(guideId);
  const removeAudio = useRemoveSceneAudio(guideId);
  const dirty = text.trim() !== scene.text;

  const sendClip = async (file: Blob) => {
    setPercent(0);
    try {
      await upload.mutateAsync({ sceneId: scene.sceneId, file, onProgress: setPercent });
      void message.success(t('narrations.detail.uploaded'));
    } finally {
      setPercent(null);
    }
  };

  return (
    <li className="narration-scene" data-testid="narration-scene">
      <div className="narration-scene__head">
        {scene.thumbnailUrl && <img className="narration-scene__thumb" src={scene.thumbnailUrl} alt="" loading="lazy" />}
        <div>
          <span className="narration-scene__number">{t('narrations.detail.sceneNumber', { n: index + 1 })}</span>
          <h3 className="narration-scene__name">{scene.name}</h3>
        </div>
      </div>
      <label className="narration-scene__label" htmlFor={`narration-text-${scene.sceneId}`}>
        {t('narrations.detail.text')}
      </label>
      <Input.TextArea
        id={`narration-text-${scene.sceneId}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={NARRATION_LIMITS.text}
        showCount
        placeholder={t('narrations.detail.textPlaceholder')}
        data-testid="narration-scene-text"
      />
      <Button
        className="narration-scene__save"
        disabled={!dirty}
        loading={saveText.isPending}
        onClick={() =>
          void saveText
            .mutateAsync({ sceneId: scene.sceneId, text })
            .then((saved) => {
              setText(saved.scenes.find((item) => item.sceneId === scene.sceneId)?.text ?? text);
              void message.success(t('narrations.detail.textSaved'));
            })
            .catch(() => undefined)
        }
        data-testid="narration-save-text"
      >
        {t('narrations.detail.saveText')}
      </Button>

      <span className="narration-scene__label">{t('narrations.detail.audio')}</span>
      {scene.audio ? (
        <div className="narration-scene__clip">
          <audio src={scene.audio.url} controls preload="none" className="narration-audio" data-testid="narration-scene-audio" />
          <span className="narration-scene__duration">{t('narrations.detail.length', { time: clock(scene.audio.durationMs / 1000) })}</span>
        </div>
      ) : (
        <p className="narration-scene__none">{t('narrations.detail.noAudio')}</p>
      )}
      {percent !== null ? (
        <div className="narration-scene__progress" aria-live="polite">
          <span>{t('narrations.detail.uploading', { percent: Math.round(percent) })}</span>
          <Progress percent={Math.round(percent)} size="small" showInfo={false} />
        </div>
      ) : (
        <Space wrap className="narration-scene__actions">
          <AudioRecorder
            onUse={(clip) => void sendClip(clip).catch(() => undefined)}
            busy={upload.isPending}
            compact={scene.audio !== null}
          />
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void sendClip(file).catch(() => undefined);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="narration-upload">
              {t('narrations.detail.upload')}
            </Button>
          </Upload>
          {scene.audio && (
            <Button
              danger
              type="text"
              icon={<DeleteOutlined />}
              loading={removeAudio.isPending}
              onClick={() =>
                void removeAudio
                  .mutateAsync(scene.sceneId)
                  .then(() => message.success(t('narrations.detail.audioRemoved')))
                  .catch(() => undefined)
              }
            >
              {t('narrations.detail.removeAudio')}
            </Button>
          )}
        </Space>
      )}
      <p className="narration-scene__hint">
        {t('narrations.detail.uploadHint', { mb: NARRATION_LIMITS.audioBytes / 1024 / 1024, length: clock(NARRATION_LIMITS.audioSeconds) })}
      </p>
    </li>
  );
}
