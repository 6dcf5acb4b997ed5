import { SPACE_ACCESS_CODE_PATTERN } from '@spatia/contract';
import { Button, Form, Input } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './spaces.css';

interface CodeGateProps {
  /** The code given was not right. */
  wrong: boolean;
  onSubmit: (code: string) => void;
}

/** A private space asks for its code on the page: the owner gives it to whom they invite. */
export function CodeGate({ wrong, onSubmit }: CodeGateProps) {
  const { t } = useTranslation();
  return (
    <section className="sp-gate" data-testid="space-code-gate">
      <LockOutline className="sp-gate__icon" aria-hidden="true" />
      <h2 className="sp-gate__title">{t('spacePages.gate.title')}</h2>
      <p className="sp-gate__text">{t('spacePages.gate.text')}</p>
      {wrong && (
        <p className="sp-gate__wrong" role="alert" data-testid="space-code-wrong">
          {t('spacePages.gate.wrong')}
        </p>
      )}
      <Form
        layout="vertical"
        className="sp-gate__form"
        onFinish={(values: { code: string }) => onSubmit(values.code.trim())}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="space-code-submit">
            {t('spacePages.gate.open')}
          </Button>
        }
      >
        <Form.Item
          name="code"
          label={t('spacePages.gate.code')}
          rules={[
            { required: true, message: t('spacePages.gate.codeRequired') },
            { pattern: SPACE_ACCESS_CODE_PATTERN, message: t('spacePages.form.accessCodeInvalid') },
          ]}
        >
          <Input autoComplete="off" autoCapitalize="off" enterKeyHint="go" data-testid="space-code-input" />
        </Form.Item>
      </Form>
    </section>
  );
}
