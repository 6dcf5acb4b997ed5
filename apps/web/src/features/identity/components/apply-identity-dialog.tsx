import { App, Form, Input, Modal, Typography, type UploadFile } from 'antd';
import { isWebAddress, type IdentityField, type IdentityKindDetail } from '@spatia/contract';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useApplyIdentity } from '../api/apply-identity';
import { toJsonExtras } from '../lib/identity-form';
import { BusinessCardUpload, uploadedCardUrl } from './business-card-upload';

type Values = { card?: UploadFile[] } & Partial<Record<string, string>>;

/**
 * The application for one kind: the business card (uploaded as soon as it is chosen), the real name,
 * company and title, and the kind's own fields, as the server lists them. Success closes the dialog.
 */
export function ApplyIdentityDialog({ kind, onClose }: { kind: IdentityKindDetail | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const apply = useApplyIdentity();

  const rulesOf = (field: IdentityField): Rule[] => {
    const label = t(`identity.fields.${field.name}.label`);
    const rules: Rule[] = [maxCharactersRule(t, field.maxLength)];
    if (field.required) rules.push({ required: true, whitespace: true, message: t('identity.validation.required', { label }) });
    if (field.format === 'url') {
      rules.push({
        validator: (_, value: string | undefined) =>
          !value?.trim() || isWebAddress(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('identity.validation.url'))),
      });
    }
    return rules;
  };

  const submit = async () => {
    if (!kind) return;
    const values = await form.validateFields();
    apply.mutate(
      { identityId: kind.id, extras: toJsonExtras(kind.fields, values, uploadedCardUrl(values.card)) },
      {
        onSuccess: () => {
          void message.success(t('identity.dialog.submitted'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={kind !== undefined}
      title={t('identity.dialog.title', { name: kind?.name ?? '' })}
      okText={t('identity.dialog.submit')}
      okButtonProps={{ loading: apply.isPending }}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="identity-dialog"
    >
      {kind?.description && <Typography.Paragraph type="secondary">{kind.description}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false} requiredMark>
        <Form.Item
          name="card"
          label={t('identity.dialog.businessCard')}
          extra={t('identity.dialog.businessCardHint')}
          required
          rules={[
            {
              validator: (_, files: UploadFile[] | undefined) => {
                if (files?.some((file) => file.status === 'uploading'))
                  return Promise.reject(new Error(t('identity.dialog.stillUploading')));
                return uploadedCardUrl(files) ? Promise.resolve() : Promise.reject(new Error(t('identity.dialog.cardRequired')));
              },
            },
          ]}
        >
          <BusinessCardUpload />
        </Form.Item>
        {kind?.fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={t(`identity.fields.${field.name}.label`)} rules={rulesOf(field)}>
            <Input
              placeholder={t(`identity.fields.${field.name}.placeholder`)}
              count={characterCount(field.maxLength)}
              inputMode={field.format === 'url' ? 'url' : undefined}
              data-testid={`identity-field-${field.name}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
