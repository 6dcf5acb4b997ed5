import { Form, Input, Modal, Typography } from 'antd';
import { PAYOUT_REAL_NAME_MAX } from '@spatia/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useStartAlipayAuthorization } from '../api/withdrawals';
import { proofFrom, StepUpProofFields, useStepUpProof, type StepUpCodeField } from './step-up-proof';

interface AlipayAuthorizationDialogProps {
  open: boolean;
  onClose: () => void;
  codeField: StepUpCodeField;
}

/**
 * Binds Alipay by authorization: the real name and the step-up proof, then off to Alipay's authorization
 * page (the sandbox's on a test site), which sends the person back to /alipayAuthorization.
 */
export function AlipayAuthorizationDialog({ open, onClose, codeField }: AlipayAuthorizationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ realName: string; verifyCode?: string; password?: string }>();
  const start = useStartAlipayAuthorization();
  const proof = useStepUpProof();
  const { setIssued } = proof;
  useEffect(() => {
    if (open) {
      form.resetFields();
      setIssued(null);
    }
  }, [open, form, setIssued]);
  return (
    <Modal
      open={open}
      title={t('withdrawals.authorization.dialogTitle')}
      okText={t('withdrawals.authorization.go')}
      cancelText={t('common.actions.cancel')}
      // Stays busy while the browser leaves for Alipay.
      okButtonProps={{ loading: start.isPending || start.isSuccess, 'data-testid': 'alipay-authorize-go' }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('withdrawals.authorization.dialogHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          const given = proofFrom(proof, form, values, t('validation.codeNotSent'));
          if (!given) return;
          start.mutate({ realName: values.realName.trim(), ...given }, { onSuccess: ({ url }) => window.location.assign(url) });
        }}
      >
        <Form.Item
          name="realName"
          label={t('withdrawals.accounts.realNameLabel')}
          extra={t('withdrawals.authorization.realNameHint')}
          rules={[
            { required: true, whitespace: true, message: t('withdrawals.accounts.realNameRequired') },
            maxCharactersRule(t, PAYOUT_REAL_NAME_MAX),
          ]}
        >
          <Input autoComplete="name" count={characterCount(PAYOUT_REAL_NAME_MAX)} data-testid="alipay-authorize-name" />
        </Form.Item>
        <StepUpProofFields form={form} state={proof} codeField={codeField} />
      </Form>
    </Modal>
  );
}
