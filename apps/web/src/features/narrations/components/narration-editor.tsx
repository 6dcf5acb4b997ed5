import { ArrowLeftOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Result, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { NARRATION_LANGUAGES, NARRATION_LIMITS, type NarrationDetail, type NarrationUpdate } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePublishNarration, useNarration, useUpdateNarration } from '../api/narrations-api';
import { NarrationPreview } from './narration-preview';
import { SceneNarration } from './scene-narration';
import './narrations.css';

/** `/explain/detail?id=`: a guide's settings, publishing and preview, and each scene's text and clip. */
export function NarrationEditor({ id }: { id: number }) {
  const { t } = useTranslation();
  const guide = useNarration(id);

  if (!(id > 0)) return <Result status="warning" title={t('narrations.detail.missingId')} extra={<BackLink />} />;
  if (guide.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (guide.isError)
    return (
      <Result
        status="error"
        title={t('narrations.detail.loadFailed')}
        subTitle={guide.error.message}
        extra={
          <Space>
            <BackLink />
            <Button onClick={() => void guide.refetch()}>{t('narrations.retry')}</Button>
          </Space>
        }
      />
    );
  return <LoadedEditor detail={guide.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/explain/list')}>
      {t('narrations.detail.back')}
    </Button>
  );
}

function LoadedEditor({ detail }: { detail: NarrationDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateNarration(detail.id);
  const publish = usePublishNarration(detail.id);
  const [previewing, setPreviewing] = useState(false);
  const published = detail.state === 'published';

  const togglePublished = () =>
    void publish
      .mutateAsync(!published)
      .then(() => message.success(t(published ? 'narrations.detail.unpublished' : 'narrations.detail.published')))
      .catch(() => undefined);

  return (
    <div className="narration-editor">
      <div className="narration-editor__bar">
        <BackLink />
        <div className="narration-editor__status">
          <Tag color={published ? 'green' : 'default'} data-testid="narration-state">
            {t(`narrations.state.${detail.state}`)}
          </Tag>
          <span>{t('narrations.scenesNarrated', { narrated: detail.narratedScenes, total: detail.totalScenes })}</span>
        </div>
        <Space wrap>
          <Button
            icon={<EyeOutlined />}
            onClick={() => setPreviewing(true)}
            disabled={detail.narratedScenes === 0}
            data-testid="narration-preview-open"
          >
            {t('narrations.detail.preview')}
          </Button>
          <Button
            type={published ? 'default' : 'primary'}
            loading={publish.isPending}
            onClick={togglePublished}
            data-testid="narration-publish"
          >
            {t(published ? 'narrations.detail.unpublish' : 'narrations.detail.publish')}
          </Button>
        </Space>
      </div>

      <section className="narration-editor__settings" aria-labelledby="narration-settings">
        <h2 id="narration-settings" className="narration-editor__heading">
          {t('narrations.detail.settings')}
        </h2>
        <p className="narration-editor__tour">
          {detail.tour.name}{' '}
          <a href={`/details/${encodeURIComponent(detail.tour.uid)}`} target="_blank" rel="noreferrer">
            <LinkOutlined /> {t('narrations.detail.openTour')}
          </a>
        </p>
        <Form<NarrationUpdate>
          layout="vertical"
          initialValues={{ title: detail.title, language: detail.language, autoAdvance: detail.autoAdvance }}
          onFinish={(values) =>
            void update
              .mutateAsync(values)
              .then(() => message.success(t('narrations.detail.saved')))
              .catch(() => undefined)
          }
          className="narration-editor__form"
        >
          <Form.Item
            name="title"
            label={t('narrations.form.name')}
            rules={[{ required: true, whitespace: true, message: t('narrations.form.required') }]}
          >
            <Input maxLength={NARRATION_LIMITS.title} />
          </Form.Item>
          <Form.Item name="language" label={t('narrations.form.language')}>
            <Select options={NARRATION_LANGUAGES.map((value) => ({ value, label: t(`narrations.language.${value}`) }))} />
          </Form.Item>
          <Form.Item name="autoAdvance" valuePropName="checked" label={t('narrations.detail.autoAdvance')}>
            <Switch />
          </Form.Item>
          <Button htmlType="submit" loading={update.isPending}>
            {t('narrations.detail.save')}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="narration-scenes">
        <h2 id="narration-scenes" className="narration-editor__heading">
          {t('narrations.detail.scenes')}
        </h2>
        {detail.scenes.length === 0 ? (
          <Result status="info" title={t('narrations.detail.noScenes')} />
        ) : (
          <ol className="narration-scenes">
            {detail.scenes.map((scene, index) => (
              <SceneNarration key={scene.sceneId} guideId={detail.id} scene={scene} index={index} />
            ))}
          </ol>
        )}
      </section>
      <NarrationPreview detail={detail} open={previewing} onClose={() => setPreviewing(false)} />
    </div>
  );
}
