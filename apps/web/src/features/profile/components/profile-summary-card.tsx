import { CameraOutlined, EditOutlined, MobileOutlined, CalendarOutlined, CrownOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCropDialog, type RenderCrop } from '../../../components/image-crop-dialog';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { fullNameRules, FULL_NAME_MAX } from '../../../lib/account-rules';
import { formatDate, maskPhone } from '../../../lib/format';
import { pickOutputType } from '../../../lib/image-crop';
import { useSession } from '../../../stores/session-store';
import { useChangeAvatar } from '../api/change-avatar';
import type { Profile, UploadGrant } from '../api/types';
import { useUpdateName } from '../api/update-name';
import { UploadRejectedError } from '../api/upload';
import { IMAGE_INPUT_ACCEPT, uploadRejectionMessage } from './upload-messages';
import { usePersonName } from '../../../lib/use-person-name';
import './profile.css';

const AVATAR_SIZE_PX = 512;

/** Encodes in a type the grant takes; a photo too heavy as PNG is tried again as JPEG. */
async function renderForGrant(render: RenderCrop, sourceType: string, grant: UploadGrant): Promise<Blob> {
  const type = pickOutputType(sourceType, grant.accept);
  const blob = await render(type);
  const fitsJpeg = grant.accept.length === 0 || grant.accept.includes('image/jpeg');
  if (grant.maxBytes > 0 && blob.size > grant.maxBytes && type !== 'image/jpeg' && fitsJpeg) return render('image/jpeg', 0.85);
  return blob;
}

function NameEditor({ uid, name, onClose }: { uid: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateName();
  const [form] = Form.useForm<{ fullName: string }>();
  const submit = ({ fullName }: { fullName: string }) => {
    update.mutate(
      { uid, fullName: fullName.trim() },
      {
        onSuccess: () => {
          void message.success(t('profile.name.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ fullName: name }}
      onFinish={submit}
      className="profile-summary__name-form"
      name="profile-name"
    >
      <Form.Item name="fullName" rules={fullNameRules(t)} className="profile-summary__name-input">
        <Input
          maxLength={FULL_NAME_MAX}
          showCount
          autoFocus
          aria-label={t('profile.name.label')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="name-save">
          {t('common.actions.save')}
        </Button>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** Avatar, name, masked phone and account facts, with avatar and name changes. */
export function ProfileSummaryCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const { message } = App.useApp();
  const sessionAvatar = useSession((session) => session.avatar);
  const changeAvatar = useChangeAvatar();
  const [editingName, setEditingName] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Let the same file be picked again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void message.error(t('profile.upload.notImage'));
      return;
    }
    setProgress(undefined);
    setPicked(file);
  };

  const upload = (render: RenderCrop) => {
    if (!picked) return;
    const sourceType = picked.type;
    setProgress(0);
    changeAvatar.mutate(
      { uid: profile.uid, render: (grant) => renderForGrant(render, sourceType, grant), onProgress: setProgress },
      {
        onSuccess: () => {
          setPicked(null);
          void message.success(t('profile.avatar.saved'));
        },
        onError: (error) => {
          setProgress(undefined);
          // Server refusals were shown by the client already; only our own checks need words here.
          if (error instanceof UploadRejectedError) void message.error(uploadRejectionMessage(t, error));
        },
      },
    );
  };

  return (
    <SectionCard className="profile-summary">
      <div className="profile-summary__avatar">
        {/* The session's copy carries the refresh stamp, so a new picture shows at once. */}
        <UserAvatar src={sessionAvatar || profile.avatarUrl} name={profile.name} size={88} />
        <Button
          shape="circle"
          icon={<CameraOutlined />}
          className="profile-summary__avatar-button"
          onClick={() => input.current?.click()}
          aria-label={t('profile.avatar.change')}
          title={t('profile.avatar.change')}
          data-testid="avatar-change"
        />
        <input ref={input} type="file" accept={IMAGE_INPUT_ACCEPT} hidden onChange={onPick} data-testid="avatar-input" />
      </div>
      <div className="profile-summary__body">
        {editingName ? (
          <NameEditor uid={profile.uid} name={personName(profile.name)} onClose={() => setEditingName(false)} />
        ) : (
          <div className="profile-summary__name-row">
            <Typography.Title level={2} className="profile-summary__name" data-testid="profile-name">
              {personName(profile.name)}
            </Typography.Title>
            <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setEditingName(true)} data-testid="name-edit">
              {t('profile.name.edit')}
            </Button>
          </div>
        )}
        <ul className="profile-summary__facts">
          <li>
            <MobileOutlined aria-hidden />
            <span className="visually-hidden">{t('profile.phone')}: </span>
            <span data-testid="profile-phone">{maskPhone(profile.phone)}</span>
          </li>
          {profile.createdAt ? (
            <li>
              <CalendarOutlined aria-hidden /> {t('profile.memberSince', { date: formatDate(profile.createdAt, 'YYYY-MM-DD') })}
            </li>
          ) : null}
          {profile.isEnterprise && (
            <li>
              <Tag icon={<CrownOutlined />} color="gold" variant="filled">
                {t('profile.enterprise.tag')}
              </Tag>
            </li>
          )}
        </ul>
      </div>
      <ImageCropDialog
        file={picked}
        title={t('profile.avatar.cropTitle')}
        outputSize={AVATAR_SIZE_PX}
        busy={changeAvatar.isPending}
        progress={progress}
        onCancel={() => setPicked(null)}
        onConfirm={upload}
      />
    </SectionCard>
  );
}
