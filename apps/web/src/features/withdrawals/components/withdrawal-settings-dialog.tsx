import { SettingOutlined } from '@ant-design/icons';
import { App, Button, Form, InputNumber, Modal, Skeleton } from 'antd';
import { PAYOUT_ACCOUNT_COOLING_HOURS_MAX, type WithdrawalSettings } from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWithdrawalSettings, useWithdrawalSettings } from '../api/review-withdrawals';

/** The back office's withdrawal settings: how long a newly bound or replaced payout account waits before it can be withdrawn to. */
export function WithdrawalSettingsButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const settings = useWithdrawalSettings(open);
  const save = useSaveWithdrawalSettings();
  const [form] = Form.useForm<WithdrawalSettings>();
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue(settings.data);
  }, [open, settings.data, form]);
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="withdrawal-settings">
        {t('withdrawals.settings.button')}
      </Button>
      <Modal
        open={open}
        title={t('withdrawals.settings.title')}
        okText={t('withdrawals.settings.save')}
        cancelText={t('common.actions.cancel')}
        okButtonProps={{ loading: save.isPending, disabled: !settings.data, 'data-testid': 'withdrawal-settings-save' }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {settings.data ? (
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={settings.data}
            onFinish={(values) =>
              save.mutate(values, {
                onSuccess: () => {
                  void message.success(t('withdrawals.settings.saved'));
                  setOpen(false);
                },
              })
            }
          >
            <Form.Item
              name="payoutAccountCoolingHours"
              label={t('withdrawals.settings.coolingLabel')}
              extra={t('withdrawals.settings.coolingHint')}
              rules={[{ required: true, message: t('withdrawals.settings.coolingRequired') }]}
            >
              <InputNumber
                min={0}
                max={PAYOUT_ACCOUNT_COOLING_HOURS_MAX}
                precision={0}
                suffix={t('withdrawals.settings.hours')}
                style={{ width: 200 }}
                data-testid="withdrawal-settings-cooling"
              />
            </Form.Item>
          </Form>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Modal>
    </>
  );
}
