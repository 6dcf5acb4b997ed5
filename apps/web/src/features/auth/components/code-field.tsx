import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedVerificationCode } from '@spatia/contract';
import { codeRules } from '../../../lib/account-rules';
import { sendVerificationCode, type CodePurpose } from '../api/verification-code';
import { useCountdown } from '../lib/use-countdown';
import './auth.css';

/** After a code is sent, the button waits this long before it offers another. */
export const RESEND_DELAY_S = 60;

export type CodeFieldProps = {
  form: FormInstance;
  onIssued: (code: IssuedVerificationCode) => void;
} & (
  | {
      purpose: CodePurpose;
      /** The form field holding the phone the code goes to. */
      phoneField?: string;
      sendCode?: undefined;
    }
  | {
      /** Sends the code some other way: to the signed-in person's own phone (withdrawals), without a phone field. */
      sendCode: () => Promise<IssuedVerificationCode>;
      purpose?: undefined;
      phoneField?: undefined;
    }
);

/** The 6-digit code input with its "Get code" button (60 s countdown after a successful send). */
export function CodeField({ form, purpose, onIssued, phoneField = 'phoneNumber', sendCode }: CodeFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useMutation({
    mutationFn: (phone: string) => (sendCode ? sendCode() : sendVerificationCode(purpose, phone)),
  });
  const [secondsLeft, startCountdown] = useCountdown();

  const requestCode = async () => {
    let phone = '';
    if (!sendCode) {
      try {
        const values = (await form.validateFields([phoneField])) as Record<string, string>;
        phone = (values[phoneField] ?? '').trim();
      } catch {
        return; // The phone field shows why.
      }
    }
    // A refusal (e.g. 'try again in 42 s') is shown by the client as the server's message.
    send.mutate(phone, {
      onSuccess: (code) => {
        onIssued(code);
        startCountdown(RESEND_DELAY_S);
        void message.success(t('auth.code.sent'));
        form.getFieldInstance('verifyCode')?.focus?.();
      },
    });
  };

  return (
    <Form.Item label={t('auth.code.label')} required>
      <Space.Compact block>
        <Form.Item name="verifyCode" noStyle rules={codeRules(t)} normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}>
          <Input
            prefix={<SafetyOutlined aria-hidden />}
            placeholder={t('auth.code.placeholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-label={t('auth.code.label')}
          />
        </Form.Item>
        <Button
          onClick={() => void requestCode()}
          loading={send.isPending}
          disabled={secondsLeft > 0}
          className="code-field__send"
          data-testid="send-code"
        >
          {secondsLeft > 0 ? t('auth.code.resendIn', { seconds: secondsLeft }) : t('auth.code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** Reports a submit without a sent code on the code field, where the user looks. */
export function requireIssuedCode(
  form: FormInstance,
  issued: IssuedVerificationCode | null,
  message: string,
): issued is IssuedVerificationCode {
  if (issued) return true;
  form.setFields([{ name: 'verifyCode', errors: [message] }]);
  return false;
}
