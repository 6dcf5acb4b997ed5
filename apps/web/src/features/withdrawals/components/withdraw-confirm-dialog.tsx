import { Form, Modal } from 'antd';
import type { PayoutAccount, PayoutChannel, StepUpProof } from '@spatia/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { proofFrom, StepUpProofFields, useStepUpProof, type StepUpCodeField } from './step-up-proof';

export interface WithdrawDraft {
  fen: number;
  channel: PayoutChannel;
  account: PayoutAccount;
}

interface WithdrawConfirmDialogProps {
  /** The withdrawal to confirm; undefined while closed. */
  draft: WithdrawDraft | undefined;
  busy: boolean;
  codeField: StepUpCodeField;
  onCancel: () => void;
  /** Sends the request with the proof; resolves when it was accepted (the dialog closes then). */
  onConfirm: (draft: WithdrawDraft, proof: StepUpProof) => void;
}

/** The last step of a withdrawal: the amount and the account it goes to, and the proof that it is the person (docs/withdrawals.md). */
export function WithdrawConfirmDialog({ draft, busy, codeField, onCancel, onConfirm }: WithdrawConfirmDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ verifyCode?: string; password?: string }>();
  const proof = useStepUpProof();
  const { setIssued } = proof;
  useEffect(() => {
    if (draft) {
      form.resetFields();
      setIssued(null);
    }
  }, [draft, form, setIssued]);
  return (
    <Modal
      open={draft !== undefined}
      title={t('withdrawals.request.confirmTitle')}
      okText={t('withdrawals.request.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'withdraw-confirm' }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="withdraw-confirm-dialog"
    >
      {draft && (
        <p data-testid="withdraw-confirm-summary">
          {t('withdrawals.request.confirmContent', {
            amount: formatYuan(draft.fen),
            channel: t(`withdrawals.channels.${draft.channel}`),
            account: draft.account.account,
            name: draft.account.realName,
          })}
        </p>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          const given = draft && proofFrom(proof, form, values, t('validation.codeNotSent'));
          if (draft && given) onConfirm(draft, given);
        }}
      >
        <StepUpProofFields form={form} state={proof} codeField={codeField} />
      </Form>
    </Modal>
  );
}
