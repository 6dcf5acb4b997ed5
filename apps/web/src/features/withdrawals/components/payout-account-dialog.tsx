import { Form, Input, Modal } from 'antd';
import { ALIPAY_LOGON_ID_PATTERN, PAYOUT_REAL_NAME_MAX, WECHAT_OPENID_PATTERN, type PayoutChannel } from '@spatia/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useBindPayoutAccount } from '../api/withdrawals';
import { proofFrom, StepUpProofFields, useStepUpProof, type StepUpCodeField } from './step-up-proof';

interface PayoutAccountDialogProps {
  /** The method whose account is bound or replaced; undefined while closed. */
  channel: PayoutChannel | undefined;
  replacing: boolean;
  onClose: () => void;
  codeField: StepUpCodeField;
}

/**
 * Binds (or replaces) the account one payout method pays to: the Alipay login id or the WeChat openid,
 * with the real name, proved by an SMS code to the person's phone or their password.
 */
export function PayoutAccountDialog({ channel, replacing, onClose, codeField }: PayoutAccountDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ account: string; realName: string; verifyCode?: string; password?: string }>();
  const bind = useBindPayoutAccount();
  const proof = useStepUpProof();
  const { setIssued } = proof;
  useEffect(() => {
    if (channel) {
      form.resetFields();
      setIssued(null);
    }
  }, [channel, form, setIssued]);
  const pattern = channel === 'wechat' ? WECHAT_OPENID_PATTERN : ALIPAY_LOGON_ID_PATTERN;
  const name = channel ? t(`withdrawals.channels.${channel}`) : '';
  return (
    <Modal
      open={channel !== undefined}
      title={t(replacing ? 'withdrawals.accounts.replaceTitle' : 'withdrawals.accounts.bindTitle', { channel: name })}
      okText={t('withdrawals.accounts.save')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ loading: bind.isPending, 'data-testid': 'payout-account-save' }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          if (!channel) return;
          const given = proofFrom(proof, form, values, t('validation.codeNotSent'));
          if (!given) return;
          bind.mutate({ channel, account: values.account.trim(), realName: values.realName.trim(), ...given }, { onSuccess: onClose });
        }}
      >
        <Form.Item
          name="account"
          label={t(`withdrawals.accounts.accountLabel.${channel ?? 'alipay'}`)}
          extra={t(`withdrawals.accounts.accountHint.${channel ?? 'alipay'}`)}
          rules={[
            { required: true, whitespace: true, message: t(`withdrawals.accounts.accountRequired.${channel ?? 'alipay'}`) },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || pattern.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`withdrawals.accounts.accountInvalid.${channel ?? 'alipay'}`))),
            },
          ]}
        >
          <Input autoComplete="off" maxLength={254} data-testid="payout-account-input" />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('withdrawals.accounts.realNameLabel')}
          extra={t('withdrawals.accounts.realNameHint')}
          rules={[
            { required: true, whitespace: true, message: t('withdrawals.accounts.realNameRequired') },
            maxCharactersRule(t, PAYOUT_REAL_NAME_MAX),
          ]}
        >
          <Input autoComplete="name" count={characterCount(PAYOUT_REAL_NAME_MAX)} data-testid="payout-name-input" />
        </Form.Item>
        <StepUpProofFields form={form} state={proof} codeField={codeField} />
      </Form>
    </Modal>
  );
}
