import { App, Form, Input, Modal } from 'antd';
import { PHONE_PATTERN, type WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../lib/use-retained';
import { useDistributeWork } from '../api/transfer-work';

/** Gives a work to another user by phone number; it becomes theirs once they accept. */
export function DistributeDialog({ work, onClose, onDone }: { work: WorkSummary | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phoneNumber: string }>();
  const distribute = useDistributeWork();

  const submit = async ({ phoneNumber }: { phoneNumber: string }) => {
    if (!work) return;
    try {
      await distribute.mutateAsync({ uid: work.uid, phoneNumber: phoneNumber.trim() });
    } catch {
      return;
    }
    void message.success(t('works.done.distributed'));
    onDone();
    onClose();
  };

  return (
    <Modal
      open={work !== null}
      title={t('works.distribute.title')}
      okText={t('works.distribute.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={distribute.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <p className="works-dialog__intro">{t('works.distribute.intro', { name: shown?.name ?? '' })}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="phoneNumber"
          label={t('works.distribute.phone')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('works.distribute.phoneRequired') },
            { pattern: PHONE_PATTERN, message: t('works.distribute.phoneInvalid') },
          ]}
        >
          <Input placeholder={t('works.distribute.phonePlaceholder')} inputMode="tel" maxLength={11} autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
