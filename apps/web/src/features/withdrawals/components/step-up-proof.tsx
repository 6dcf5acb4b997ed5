import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Segmented, Typography, type FormInstance } from 'antd';
import type { IssuedVerificationCode, StepUpProof } from '@spatia/contract';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { sendWithdrawalCode } from '../api/withdrawals';

/**
 * The SMS code field (input, send button, countdown) the page lends this feature: the auth feature's,
 * passed in by the page, since a feature never imports another.
 */
export type StepUpCodeField = ComponentType<{
  form: FormInstance;
  onIssued: (code: IssuedVerificationCode) => void;
  sendCode: () => Promise<IssuedVerificationCode>;
}>;

export type StepUpMethod = 'code' | 'password';

/** The proof's state in a form: which way, and the code sent last. */
export function useStepUpProof() {
  const [method, setMethod] = useState<StepUpMethod>('code');
  const [issued, setIssued] = useState<IssuedVerificationCode | null>(null);
  return { method, setMethod, issued, setIssued };
}

type ProofState = ReturnType<typeof useStepUpProof>;

/**
 * The proof as the request body carries it, from the form's `verifyCode` or `password`; null (and the
 * code field says why) when no code was sent yet.
 */
export function proofFrom(
  state: ProofState,
  form: FormInstance,
  values: { verifyCode?: string; password?: string },
  codeNotSent: string,
): StepUpProof | null {
  if (state.method === 'password') return { password: values.password ?? '' };
  if (!state.issued) {
    form.setFields([{ name: 'verifyCode', errors: [codeNotSent] }]);
    return null;
  }
  return { verifyCode: values.verifyCode ?? '', hash: state.issued.hash, expiredTime: state.issued.expiredTime };
}

/**
 * "It is you": an SMS code sent to the phone of the account (the default), or the password. Binding a
 * payout account and withdrawing ask for it (docs/withdrawals.md "Step-up checks").
 */
export function StepUpProofFields({
  form,
  state,
  codeField: CodeField,
}: {
  form: FormInstance;
  state: ProofState;
  codeField: StepUpCodeField;
}) {
  const { t } = useTranslation();
  return (
    <div className="withdraw__proof" data-testid="step-up-proof">
      <Typography.Paragraph type="secondary" className="withdraw__proof-hint">
        {t('withdrawals.stepUp.hint')}
      </Typography.Paragraph>
      <Segmented<StepUpMethod>
        size="small"
        value={state.method}
        onChange={state.setMethod}
        options={[
          { value: 'code', label: t('withdrawals.stepUp.byCode') },
          { value: 'password', label: <span data-testid="step-up-use-password">{t('withdrawals.stepUp.byPassword')}</span> },
        ]}
      />
      {state.method === 'code' ? (
        <CodeField form={form} onIssued={state.setIssued} sendCode={sendWithdrawalCode} />
      ) : (
        <Form.Item
          name="password"
          label={t('withdrawals.stepUp.passwordLabel')}
          rules={[{ required: true, message: t('withdrawals.stepUp.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" data-testid="step-up-password" />
        </Form.Item>
      )}
    </div>
  );
}
