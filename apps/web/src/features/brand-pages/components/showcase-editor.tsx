import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  BRAND_CONTACT_MAX,
  BRAND_DEFAULT_COLOUR,
  BRAND_INTRO_MAX,
  BRAND_LOGO_MAX_BYTES,
  BRAND_NAME_MAX,
  type BrandWorkCard,
  type Showcase,
} from '@spatia/contract';
import { App, Button, ColorPicker, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../../../components/use-image-upload';
import { uploadBrandLogo, useSaveShowcase } from '../api/brand-pages-api';
import { ShowcaseWorksEditor } from './showcase-works-editor';
import { EditorDrawer } from './editor-drawer';

interface ShowcaseValues {
  brandName: string;
  brandColour: string;
  intro: string;
  contact: string;
  works: BrandWorkCard[];
}

/** Creates a showcase (`showcase` undefined) or edits one: the brand, the logo and the ordered works. */
export function ShowcaseEditor({ open, showcase, onClose }: { open: boolean; showcase?: Showcase; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ShowcaseValues>();
  const save = useSaveShowcase();
  const [logoUrl, setLogoUrl] = useState(showcase?.logoUrl ?? '');
  const upload = useImageUpload({ maxBytes: BRAND_LOGO_MAX_BYTES, upload: uploadBrandLogo });

  const submit = (values: ShowcaseValues) => {
    const input = {
      brandName: values.brandName,
      brandColour: values.brandColour,
      intro: values.intro ?? '',
      contact: values.contact ?? '',
      logoUrl,
      workUids: values.works.map((work) => work.uid),
    };
    save.mutate(
      { id: showcase?.id, input },
      {
        onSuccess: () => {
          void message.success(t('brandPages.editor.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <EditorDrawer
      open={open}
      title={t(showcase ? 'brandPages.editor.editTitle' : 'brandPages.editor.createTitle')}
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      saveTestId="showcase-save"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          brandName: showcase?.brandName ?? '',
          brandColour: showcase?.brandColour ?? BRAND_DEFAULT_COLOUR,
          intro: showcase?.intro ?? '',
          contact: showcase?.contact ?? '',
          works: showcase?.works ?? [],
        }}
        data-testid="showcase-editor"
      >
        <Form.Item
          name="brandName"
          label={t('brandPages.editor.brandName')}
          rules={[{ required: true, whitespace: true, message: t('brandPages.editor.brandNameRequired') }]}
        >
          <Input maxLength={BRAND_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label={t('brandPages.editor.logo')}>
          <Space wrap>
            {logoUrl && (
              <img src={logoUrl} alt="" style={{ height: 48, maxWidth: 160, objectFit: 'contain' }} data-testid="showcase-logo" />
            )}
            <Upload
              {...upload}
              maxCount={1}
              showUploadList={false}
              onChange={({ file }) => {
                const url = file.status === 'done' ? (file.response as { url?: string } | undefined)?.url : undefined;
                if (url) setLogoUrl(url);
              }}
            >
              <Button icon={<UploadOutlined />}>{t('brandPages.editor.logoUpload')}</Button>
            </Upload>
            {logoUrl && (
              <Button icon={<DeleteOutlined />} onClick={() => setLogoUrl('')}>
                {t('brandPages.editor.logoRemove')}
              </Button>
            )}
          </Space>
        </Form.Item>
        <Form.Item
          name="brandColour"
          label={t('brandPages.editor.brandColour')}
          getValueFromEvent={(colour: { toHexString: () => string }) => colour.toHexString()}
        >
          <ColorPicker disabledAlpha showText />
        </Form.Item>
        <Form.Item name="intro" label={t('brandPages.editor.intro')}>
          <Input.TextArea maxLength={BRAND_INTRO_MAX} showCount rows={3} placeholder={t('brandPages.editor.introPlaceholder')} />
        </Form.Item>
        <Form.Item name="contact" label={t('brandPages.editor.contact')}>
          <Input maxLength={BRAND_CONTACT_MAX} placeholder={t('brandPages.editor.contactPlaceholder')} />
        </Form.Item>
        <Form.Item name="works" label={t('brandPages.editor.works')} extra={t('brandPages.editor.worksHint')}>
          <ShowcaseWorksEditor />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
