import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  /** Shown when the reason is left empty (or only spaces). */
  requiredMessage: string;
  okText: string;
  maxLength: number;
  /** Said above the text box: what the reason is for, who reads it. */
  hint?: string;
  placeholder?: string;
  busy: boolean;
  onCancel: () => void;
  /** The reason, trimmed; the caller closes the dialog once it is done. */
  onSubmit: (reason: string) => void;
  testId?: string;
}

/** A refusal that needs a reason (rejecting an application, a review, a work): one required text, a danger button. */
export function ReasonDialog({
  open,
  title,
  label,
  requiredMessage,
  okText,
  maxLength,
  hint,
  placeholder,
  busy,
  onCancel,
  onSubmit,
  testId,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common.actions.cancel')}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then(
          ({ reason }) => onSubmit(reason.trim()),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      {/* Above the box, not under it: the character count stands under it. */}
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={maxLength}
            showCount
            placeholder={placeholder}
            data-testid={testId}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
