import { SPACE_ADDRESS_MAX, SPACE_INTRO_MAX, SPACE_NAME_MAX } from '@spatia/contract';
import { Button, Dialog, Form, Input, Selector } from 'antd-mobile';
import { CloseCircleOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { charactersOver } from '../../../lib/text-count';
import { spaceFieldRules, type SpaceFormValues } from '../lib/space-form';
import { ColorField, CountedInput, CountedTextArea, ImageField } from './form-fields';
import './spaces.css';

interface SpaceFormProps {
  /** Where the form starts: empty, one of my spaces, or what was typed before the map. */
  initial: SpaceFormValues;
  /** Editing one of my spaces; a private one keeps its code when the field is left empty. */
  editing?: { hasCode: boolean };
  submitting: boolean;
  onSubmit: (values: SpaceFormValues) => void;
  /** Keeps what is typed and goes to the map's address picker. */
  onChooseAddress: (values: SpaceFormValues) => void;
  onDelete?: () => void;
}

/**
 * The space form of `/space/new` (docs/spaces-pages.md): kind, name, intro, cover, who may open it (a private
 * space has an access code), an enterprise's address, brand colour and logo, a contact phone and the address,
 * typed or chosen on the map. The limits are the contract's; the server checks again.
 */
export function SpaceForm({ initial, editing, submitting, onSubmit, onChooseAddress, onDelete }: SpaceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SpaceFormValues>();
  const [location, setLocation] = useState({ latitude: initial.latitude, longitude: initial.longitude });
  const single = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value);
  /** The form's values as the page keeps them (the selectors hold one-item lists). */
  const valuesNow = (): SpaceFormValues => {
    const raw: Record<string, unknown> = form.getFieldsValue(true);
    return {
      ...initial,
      ...raw,
      kind: single(raw.kind) === 'enterprise' ? 'enterprise' : 'personal',
      visibility: single(raw.visibility) === 'private' ? 'private' : 'public',
      ...location,
    };
  };
  const rule = (check: (value: string) => string | undefined) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const problem = check(typeof value === 'string' ? value : '');
      if (problem) throw new Error(t(problem));
    },
  });
  const limit = (max: number) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const over = typeof value === 'string' ? charactersOver(value, max) : 0;
      if (over > 0) throw new Error(t('validation.tooLong', { max, over }));
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      className="sp-form"
      initialValues={{ ...initial, kind: [initial.kind], visibility: [initial.visibility] }}
      onFinish={() => onSubmit(valuesNow())}
      footer={
        <div className="sp-form__footer">
          <Button block type="submit" color="primary" size="large" loading={submitting} data-testid="space-form-submit">
            {editing ? t('spacePages.form.save') : t('spacePages.form.create')}
          </Button>
          {onDelete && (
            <Button
              block
              fill="outline"
              color="danger"
              size="large"
              data-testid="space-form-delete"
              onClick={() =>
                void Dialog.confirm({
                  title: t('spacePages.form.deleteTitle'),
                  content: t('spacePages.form.deleteText'),
                  confirmText: t('spacePages.form.delete'),
                  cancelText: t('spacePages.form.cancel'),
                }).then((sure) => {
                  if (sure) onDelete();
                })
              }
            >
              {t('spacePages.form.delete')}
            </Button>
          )}
        </div>
      }
    >
      <Form.Header>{t('spacePages.form.about')}</Form.Header>
      <Form.Item name="kind" label={t('spacePages.form.kind')} rules={[{ required: true, message: t('spacePages.form.kindRequired') }]}>
        <Selector
          columns={2}
          options={[
            { label: t('spacePages.kind.personal'), value: 'personal' },
            { label: t('spacePages.kind.enterprise'), value: 'enterprise' },
          ]}
          data-testid="space-form-kind"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('spacePages.form.name')}
        rules={[{ required: true, whitespace: true, message: t('spacePages.form.nameRequired') }, limit(SPACE_NAME_MAX)]}
      >
        <CountedInput max={SPACE_NAME_MAX} placeholder={t('spacePages.form.namePlaceholder')} testId="space-form-name" />
      </Form.Item>
      <Form.Item name="intro" label={t('spacePages.form.intro')} rules={[limit(SPACE_INTRO_MAX)]}>
        <CountedTextArea max={SPACE_INTRO_MAX} placeholder={t('spacePages.form.introPlaceholder')} testId="space-form-intro" />
      </Form.Item>
      <Form.Item name="coverUrl" label={t('spacePages.form.cover')} description={t('spacePages.form.coverHint')}>
        <ImageField testId="space-form-cover" />
      </Form.Item>

      <Form.Header>{t('spacePages.form.access')}</Form.Header>
      <Form.Item name="visibility" label={t('spacePages.form.visibility')}>
        <Selector
          columns={2}
          options={[
            { label: t('spacePages.form.public'), value: 'public' },
            { label: t('spacePages.private'), value: 'private' },
          ]}
          data-testid="space-form-visibility"
        />
      </Form.Item>
      <Form.Subscribe to={['visibility', 'kind']}>
        {({ visibility, kind }: { visibility?: string[]; kind?: string[] }) => (
          <>
            {visibility?.[0] === 'private' && (
              <Form.Item
                name="accessCode"
                label={t('spacePages.form.accessCode')}
                description={editing?.hasCode ? t('spacePages.form.accessCodeKeep') : t('spacePages.form.accessCodeHint')}
                rules={[rule((code) => spaceFieldRules.accessCode(code, 'private', editing?.hasCode ?? false))]}
              >
                <Input autoComplete="off" autoCapitalize="off" clearable data-testid="space-form-access-code" />
              </Form.Item>
            )}
            {kind?.[0] === 'enterprise' && (
              <>
                <Form.Header>{t('spacePages.form.enterprise')}</Form.Header>
                <Form.Item
                  name="website"
                  label={t('spacePages.form.website')}
                  description={t('spacePages.form.websiteHint')}
                  rules={[rule(spaceFieldRules.website)]}
                >
                  <Input autoComplete="off" autoCapitalize="off" clearable placeholder="acme" data-testid="space-form-website" />
                </Form.Item>
                <Form.Item name="brandColor" label={t('spacePages.form.brandColor')} rules={[rule(spaceFieldRules.brandColor)]}>
                  <ColorField />
                </Form.Item>
                <Form.Item name="logoUrl" label={t('spacePages.form.logo')}>
                  <ImageField testId="space-form-logo" />
                </Form.Item>
              </>
            )}
          </>
        )}
      </Form.Subscribe>

      <Form.Header>{t('spacePages.form.contact')}</Form.Header>
      <Form.Item name="contactPhone" label={t('spacePages.form.contactPhone')} rules={[rule(spaceFieldRules.contactPhone)]}>
        <Input type="tel" inputMode="tel" autoComplete="tel" clearable data-testid="space-form-phone" />
      </Form.Item>
      <Form.Item name="address" label={t('spacePages.form.address')} rules={[limit(SPACE_ADDRESS_MAX)]}>
        <CountedTextArea max={SPACE_ADDRESS_MAX} placeholder={t('spacePages.form.addressPlaceholder')} testId="space-form-address" />
      </Form.Item>
      <div className="sp-form__map">
        <Button block fill="outline" color="primary" onClick={() => onChooseAddress(valuesNow())} data-testid="space-form-choose-address">
          <EnvironmentOutline aria-hidden="true" /> {t('spacePages.form.chooseOnMap')}
        </Button>
        {location.latitude !== null && location.longitude !== null && (
          <p className="sp-form__located" data-testid="space-form-located">
            <span>{t('spacePages.form.located', { lat: location.latitude.toFixed(5), lng: location.longitude.toFixed(5) })}</span>
            <button
              type="button"
              className="sp-form__unlocate"
              onClick={() => setLocation({ latitude: null, longitude: null })}
              aria-label={t('spacePages.form.unlocate')}
            >
              <CloseCircleOutline aria-hidden="true" />
            </button>
          </p>
        )}
      </div>
    </Form>
  );
}
