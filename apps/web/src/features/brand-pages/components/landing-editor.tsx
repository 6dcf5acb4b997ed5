import {
  LANDING_CONSENT_MAX,
  LANDING_CTA_MAX,
  LANDING_HEADLINE_MAX,
  LANDING_TEXT_MAX,
  LEAD_FIELDS,
  type LandingPage,
  type LandingTargetKind,
  type LeadField,
} from '@spatia/contract';
import { App, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store';
import { usePickableWorks, useSaveLandingPage, useShowcases } from '../api/brand-pages-api';
import { EditorDrawer } from './editor-drawer';

interface LandingValues {
  targetKind: LandingTargetKind;
  targetId?: string;
  headline: string;
  text: string;
  ctaLabel: string;
  leadFields: LeadField[];
  consentText: string;
}

/** Creates or edits a landing page: what it presents, its words, and which fields its form asks. */
export function LandingEditor({ page, onClose }: { page?: LandingPage; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LandingValues>();
  const targetKind = Form.useWatch('targetKind', form) ?? page?.targetKind ?? 'work';
  const uid = useSession((session) => session.uid);
  const works = usePickableWorks(uid, '');
  const showcases = useShowcases();
  const save = useSaveLandingPage();

  const workOptions = (works.data ?? []).map((work) => ({ value: work.uid, label: work.name }));
  if (page?.targetKind === 'work' && !workOptions.some((option) => option.value === page.targetId)) {
    workOptions.unshift({ value: page.targetId, label: page.targetName });
  }
  const showcaseOptions = (showcases.data ?? []).map((showcase) => ({ value: showcase.id, label: showcase.brandName }));

  const submit = (values: LandingValues) => {
    save.mutate(
      {
        id: page?.id,
        input: {
          targetKind: values.targetKind,
          targetId: values.targetId ?? '',
          headline: values.headline,
          text: values.text ?? '',
          ctaLabel: values.ctaLabel,
          leadFields: values.leadFields ?? [],
          consentText: values.consentText ?? '',
        },
      },
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
      open
      title={t(page ? 'brandPages.landing.editTitle' : 'brandPages.landing.createTitle')}
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      saveTestId="landing-save"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          targetKind: page?.targetKind ?? 'work',
          targetId: page?.targetId,
          headline: page?.headline ?? '',
          text: page?.text ?? '',
          ctaLabel: page?.ctaLabel ?? t('brandPages.landing.ctaDefault'),
          leadFields: page?.leadFields ?? ['phone'],
          consentText: page?.consentText ?? '',
        }}
        data-testid="landing-editor"
      >
        <Form.Item name="targetKind" label={t('brandPages.landing.targetKind')}>
          <Radio.Group onChange={() => form.setFieldValue('targetId', undefined)}>
            <Radio.Button value="work">{t('brandPages.landing.targetWork')}</Radio.Button>
            <Radio.Button value="showcase">{t('brandPages.landing.targetShowcase')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="targetId"
          label={t('brandPages.landing.target')}
          rules={[{ required: true, message: t('brandPages.landing.targetRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={targetKind === 'work' ? workOptions : showcaseOptions}
            loading={targetKind === 'work' ? works.isPending : showcases.isPending}
            notFoundContent={targetKind === 'work' ? t('brandPages.picker.empty') : t('brandPages.landing.noShowcases')}
            data-testid="landing-target"
          />
        </Form.Item>
        <Form.Item
          name="headline"
          label={t('brandPages.landing.headline')}
          rules={[{ required: true, whitespace: true, message: t('brandPages.landing.headlineRequired') }]}
        >
          <Input maxLength={LANDING_HEADLINE_MAX} showCount />
        </Form.Item>
        <Form.Item name="text" label={t('brandPages.landing.text')}>
          <Input.TextArea maxLength={LANDING_TEXT_MAX} rows={4} showCount placeholder={t('brandPages.landing.textPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="ctaLabel"
          label={t('brandPages.landing.cta')}
          rules={[{ required: true, whitespace: true, message: t('brandPages.landing.ctaRequired') }]}
        >
          <Input maxLength={LANDING_CTA_MAX} />
        </Form.Item>
        <Form.Item label={t('brandPages.landing.fields')}>
          <Checkbox checked disabled>
            {t('brandPages.landing.fieldName')}
          </Checkbox>
          <Form.Item name="leadFields" noStyle>
            <Checkbox.Group options={LEAD_FIELDS.map((field) => ({ value: field, label: t(`brandPages.fields.${field}`) }))} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="consentText" label={t('brandPages.landing.consent')}>
          <Input.TextArea maxLength={LANDING_CONSENT_MAX} rows={2} placeholder={t('brandPages.landing.consentPlaceholder')} />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
