import { AlipayAuthorizationErrors, type PayoutAccount } from '@spatia/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCompleteAlipayAuthorization } from '../api/withdrawals';
import './withdrawals.css';

const WITHDRAW = '/wallet/withdraw';

type Outcome = { bound: PayoutAccount } | { failed: 'cancelled' | 'state' | 'elsewhere' | 'refused' | 'other'; message?: string };

function failureOf(error: unknown): Outcome {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === AlipayAuthorizationErrors.alipayAuthorizationStateUnknown.code) return { failed: 'state' };
  if (code === AlipayAuthorizationErrors.alipayAccountBoundElsewhere.code) return { failed: 'elsewhere' };
  if (code === AlipayAuthorizationErrors.alipayAuthorizationRefused.code) return { failed: 'refused' };
  return { failed: 'other', message: error instanceof ApiError ? error.message : undefined };
}

/**
 * /alipayAuthorization: where Alipay (or the sandbox) sends the person back with `auth_code` and `state`.
 * It completes the binding once (a reload answers the account already bound) and says what came of it;
 * Alipay returns without `auth_code` when the person cancelled there.
 */
export function AlipayAuthorizationResult({ authCode, state }: { authCode: string; state: string }) {
  const { t } = useTranslation();
  const complete = useCompleteAlipayAuthorization();
  const [outcome, setOutcome] = useState<Outcome | undefined>(() =>
    authCode && state ? undefined : { failed: state ? 'cancelled' : 'state' },
  );
  const sent = useRef(false);
  const { mutate } = complete;
  useEffect(() => {
    if (sent.current || !authCode || !state) return;
    sent.current = true;
    mutate({ authCode, state }, { onSuccess: (bound) => setOutcome({ bound }), onError: (error) => setOutcome(failureOf(error)) });
  }, [authCode, state, mutate]);

  const back = (
    <Link to={WITHDRAW} key="back">
      <Button type="primary" data-testid="alipay-authorization-back">
        {t('withdrawals.authorization.back')}
      </Button>
    </Link>
  );

  if (!outcome)
    return (
      <div className="alipay-authorization__progress" data-testid="alipay-authorization-progress">
        <Spin size="large" />
        <span>{t('withdrawals.authorization.completing')}</span>
      </div>
    );
  if ('bound' in outcome)
    return (
      <Result
        status="success"
        title={t('withdrawals.authorization.successTitle')}
        subTitle={t('withdrawals.authorization.successContent', { account: outcome.bound.account, name: outcome.bound.realName })}
        extra={[back]}
        data-testid="alipay-authorization-success"
      />
    );
  return (
    <Result
      status={outcome.failed === 'cancelled' ? 'info' : 'error'}
      title={t(`withdrawals.authorization.failed.${outcome.failed}.title`)}
      subTitle={outcome.message || t(`withdrawals.authorization.failed.${outcome.failed}.content`)}
      extra={[back]}
      data-testid={`alipay-authorization-${outcome.failed}`}
    />
  );
}
