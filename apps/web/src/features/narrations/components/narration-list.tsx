import { DeleteOutlined, EditOutlined, PlusOutlined, SoundOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, Modal, Result, Select, Skeleton, Tag } from 'antd';
import { NARRATION_LANGUAGES, NARRATION_LIMITS, type NarrationLanguage, type NarrationSummary } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n';
import { formatRelativeTime } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useCreateNarration, useDeleteNarration, useNarrations, useOwnTours } from '../api/narrations-api';
import './narrations.css';

export const detailPath = (id: number) => `/explain/detail?id=${id}`;

/** `/explain/list`: the owner's guides as cards (tour, scenes narrated, state, last change), a new guide, deleting one. */
export function NarrationList() {
  const { t } = useTranslation();
  const guides = useNarrations();
  const [creating, setCreating] = useState(false);

  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="narration-create">
      {t('narrations.create')}
    </Button>
  );

  let body;
  if (guides.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (guides.isError)
    body = (
      <Result
        status="error"
        title={t('narrations.loadFailed')}
        extra={<Button onClick={() => void guides.refetch()}>{t('narrations.retry')}</Button>}
      />
    );
  else if (guides.data.length === 0)
    body = (
      <Empty
        className="narrations-empty"
        image={<SoundOutlined className="narrations-empty__icon" aria-hidden />}
        description={
          <>
            <strong>{t('narrations.empty.title')}</strong>
            <span>{t('narrations.empty.text')}</span>
          </>
        }
      >
        {create}
      </Empty>
    );
  else
    body = (
      <>
        <div className="narrations-toolbar">{create}</div>
        <ul className="narrations-list" data-testid="narration-list">
          {guides.data.map((guide) => (
            <NarrationCard key={guide.id} guide={guide} />
          ))}
        </ul>
      </>
    );

  return (
    <>
      {body}
      <CreateNarrationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function NarrationCard({ guide }: { guide: NarrationSummary }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const remove = useDeleteNarration();
  const navigate = useNavigate();
  const confirmDelete = () => {
    modal.confirm({
      title: t('narrations.deleteTitle', { title: guide.title }),
      content: t('narrations.deleteText'),
      okText: t('narrations.delete'),
      okButtonProps: { danger: true },
      cancelText: t('narrations.form.cancel'),
      onOk: async () => {
        await remove.mutateAsync(guide.id);
        void message.success(t('narrations.deleted'));
      },
    });
  };
  return (
    <li className="narrations-card" data-testid="narration-card">
      <Link to={detailPath(guide.id)} className="narrations-card__cover" aria-hidden tabIndex={-1}>
        {guide.tour.coverUrl ? <img src={guide.tour.coverUrl} alt="" loading="lazy" /> : <SoundOutlined />}
      </Link>
      <div className="narrations-card__main">
        <h2 className="narrations-card__title">
          <Link to={detailPath(guide.id)}>{guide.title}</Link>
        </h2>
        <p className="narrations-card__tour">{guide.tour.name}</p>
        <div className="narrations-card__tags">
          <Tag color={guide.state === 'published' ? 'green' : 'default'}>{t(`narrations.state.${guide.state}`)}</Tag>
          <Tag>{t(`narrations.language.${guide.language}`)}</Tag>
        </div>
        <p className="narrations-card__meta">
          <span>{t('narrations.scenesNarrated', { narrated: guide.narratedScenes, total: guide.totalScenes })}</span>
          <span>{t('narrations.changed', { time: formatRelativeTime(guide.updatedAt) })}</span>
        </p>
      </div>
      <div className="narrations-card__actions">
        <Button icon={<EditOutlined />} onClick={() => void navigate(detailPath(guide.id))}>
          {t('narrations.edit')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} aria-label={`${t('narrations.delete')} ${guide.title}`}>
          {t('narrations.delete')}
        </Button>
      </div>
    </li>
  );
}

interface CreateValues {
  workUid: string;
  title: string;
  language: NarrationLanguage;
}

/** Picks one of the owner's panorama tours (searched by name), a title and a language; opens the new guide. */
function CreateNarrationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ownerUid = useSession((session) => session.uid);
  const [keyword, setKeyword] = useState('');
  const tours = useOwnTours(ownerUid, keyword, open);
  const create = useCreateNarration();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();

  const submit = async (values: CreateValues) => {
    const created = await create.mutateAsync(values);
    onClose();
    form.resetFields();
    void navigate(detailPath(created.id));
  };

  return (
    <Modal
      open={open}
      title={t('narrations.form.title')}
      onCancel={onClose}
      okText={t('narrations.form.submit')}
      cancelText={t('narrations.form.cancel')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" initialValues={{ language }} onFinish={(values) => void submit(values).catch(() => undefined)}>
        <Form.Item name="workUid" label={t('narrations.form.tour')} rules={[{ required: true, message: t('narrations.form.required') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('narrations.form.tourPlaceholder')}
            loading={tours.isFetching}
            notFoundContent={t('narrations.form.noTours')}
            options={(tours.data?.list ?? []).map((work) => ({ value: work.uid, label: work.name }))}
            data-testid="narration-tour"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('narrations.form.name')}
          rules={[{ required: true, whitespace: true, message: t('narrations.form.required') }]}
        >
          <Input maxLength={NARRATION_LIMITS.title} placeholder={t('narrations.form.namePlaceholder')} data-testid="narration-title" />
        </Form.Item>
        <Form.Item name="language" label={t('narrations.form.language')}>
          <Select options={NARRATION_LANGUAGES.map((value) => ({ value, label: t(`narrations.language.${value}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
