import { App, Form, Input, Modal } from 'antd';
import { REMARK_NAME_MAX } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useFollowByCode } from '../api/people';

interface FollowValues {
  phoneOrCode: string;
  remarkName?: string;
}

/** Follow someone by their phone number or invite code, with a remark name only the follower sees. */
export function FollowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FollowValues>();
  const follow = useFollowByCode();

  const submit = async ({ phoneOrCode, remarkName = '' }: FollowValues) => {
    try {
      await follow.mutateAsync({ phoneOrCode, remarkName });
    } catch {
      return; // The client showed the server's message (unknown person, oneself…).
    }
    void message.success(t('people.followDialog.done'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('people.followDialog.title')}
      okText={t('people.followDialog.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={follow.isPending}
      okButtonProps={{ ...{ 'data-testid': 'people-follow-submit' } }}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <p>{t('people.followDialog.intro')}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="phoneOrCode"
          label={t('people.followDialog.target')}
          rules={[{ required: true, whitespace: true, message: t('people.followDialog.targetRequired') }]}
        >
          <Input
            placeholder={t('people.followDialog.targetPlaceholder')}
            maxLength={32}
            autoFocus
            autoComplete="off"
            data-testid="people-follow-target"
          />
        </Form.Item>
        <Form.Item name="remarkName" label={t('people.followDialog.remark')} rules={[maxCharactersRule(t, REMARK_NAME_MAX)]}>
          <Input
            placeholder={t('people.followDialog.remarkPlaceholder')}
            count={characterCount(REMARK_NAME_MAX)}
            autoComplete="off"
            data-testid="people-follow-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
