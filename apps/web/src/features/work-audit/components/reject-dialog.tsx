import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The server keeps at most this many characters of a review note. */
export const REVIEW_NOTE_MAX = 200;

interface RejectDialogProps {
  open: boolean;
  workName: string;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Rejecting needs a reason: the owner reads it in their notice and on the work. */
export function RejectDialog({ open, workName, busy, onCancel, onReject }: RejectDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={t('workAudit.reject.title', { name: workName })}
      okText={t('workAudit.reject.confirm')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common.actions.cancel')}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(({ reason }) => onReject(reason.trim()))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('workAudit.reject.reason')}
          rules={[{ required: true, whitespace: true, message: t('workAudit.reject.reasonRequired') }]}
          extra={t('workAudit.reject.reasonHint')}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={REVIEW_NOTE_MAX}
            showCount
            placeholder={t('workAudit.reject.placeholder')}
            data-testid="audit-reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
