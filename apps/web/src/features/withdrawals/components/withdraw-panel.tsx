import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, Radio, Skeleton, Space, Statistic, Typography } from 'antd';
import { fenToYuan, type PayoutAccount, type PayoutChannel, type StepUpProof } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatYuan } from '../../../lib/format';
import { useRequestWithdrawal, useUnbindPayoutAccount, useWithdrawalOptions } from '../api/withdrawals';
import { checkWithdrawAmount } from '../lib/withdraw-amount';
import { AlipayAuthorizationDialog } from './alipay-authorization-dialog';
import { PayoutAccountDialog } from './payout-account-dialog';
import type { StepUpCodeField } from './step-up-proof';
import { WithdrawConfirmDialog, type WithdrawDraft } from './withdraw-confirm-dialog';
import './withdrawals.css';

const CHANNEL_ICON: Record<PayoutChannel, React.ReactNode> = {
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
};

/**
 * /wallet/withdraw: the income that can be withdrawn, the accounts it can go to (bound, replaced,
 * unbound here), and the request: an amount in yuan (or all of it), a method, a confirmation with an
 * SMS code (or the password). `codeField` is the code input the page lends (the auth feature's).
 */
export function WithdrawPanel({ codeField }: { codeField: StepUpCodeField }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const options = useWithdrawalOptions();
  const unbind = useUnbindPayoutAccount();
  const submit = useRequestWithdrawal();
  const [form] = Form.useForm<{ amount: string; channel: PayoutChannel }>();
  const [editing, setEditing] = useState<{ channel: PayoutChannel; replacing: boolean }>();
  const [draft, setDraft] = useState<WithdrawDraft>();
  const [authorizing, setAuthorizing] = useState(false);

  if (options.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (options.isError) return <LoadFailed title={t('withdrawals.loadFailed')} query={options} />;

  const { withdrawableFen, minFen, maxFen, channels, accounts, sandbox, alipayAuthorization } = options.data;
  const accountOf = (channel: PayoutChannel): PayoutAccount | undefined => accounts.find((account) => account.channel === channel);
  const bound = channels.filter((channel) => accountOf(channel));

  const confirmUnbind = (channel: PayoutChannel) => {
    modal.confirm({
      title: t('withdrawals.accounts.unbindTitle', { channel: t(`withdrawals.channels.${channel}`) }),
      content: t('withdrawals.accounts.unbindContent'),
      okText: t('withdrawals.accounts.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => unbind.mutateAsync(channel).catch(() => undefined),
    });
  };

  const confirmRequest = ({ amount, channel }: { amount: string; channel: PayoutChannel }) => {
    const check = checkWithdrawAmount(amount, { minFen, maxFen, withdrawableFen });
    const account = accountOf(channel);
    if (!check.ok || !account) return;
    setDraft({ fen: check.fen, channel, account });
  };

  const sendRequest = (confirmed: WithdrawDraft, proof: StepUpProof) => {
    submit.mutate(
      { amount: confirmed.fen, channel: confirmed.channel, idempotencyKey: crypto.randomUUID(), ...proof },
      {
        // A refusal (a wrong code, an account still cooling) is the server's message, shown by the client; the dialog stays.
        onSuccess: () => {
          setDraft(undefined);
          void message.success(t('withdrawals.request.submitted'));
          void navigate('/wallet/withdrawRecord');
        },
      },
    );
  };

  return (
    <div className="withdraw">
      {sandbox && <Alert type="warning" showIcon title={t('withdrawals.sandboxNotice')} data-testid="withdraw-sandbox" />}
      <Card className="withdraw__summary">
        <Statistic title={t('withdrawals.withdrawable')} value={formatYuan(withdrawableFen)} data-testid="withdraw-available" />
        <Typography.Paragraph type="secondary" className="withdraw__hint">
          {t('withdrawals.rules', { min: formatYuan(minFen) })}
        </Typography.Paragraph>
        <Link to="/wallet/withdrawRecord" data-testid="withdraw-records-link">
          {t('withdrawals.recordsLink')}
        </Link>
      </Card>

      <Card title={t('withdrawals.accounts.title')}>
        <div className="withdraw__accounts">
          {channels.map((channel) => {
            const account = accountOf(channel);
            return (
              <div key={channel} className="withdraw__account" data-testid={`payout-account-${channel}`}>
                <span className="withdraw__account-icon">{CHANNEL_ICON[channel]}</span>
                <div className="withdraw__account-text">
                  <Typography.Text strong>{t(`withdrawals.channels.${channel}`)}</Typography.Text>
                  {account ? (
                    <>
                      <Typography.Text data-testid="payout-account-masked">
                        {account.account} · {account.realName}
                      </Typography.Text>
                      {account.usableAt > Date.now() && (
                        <Typography.Text type="warning" data-testid="payout-account-cooling">
                          {t('withdrawals.stepUp.coolingUntil', { time: formatDate(account.usableAt, 'YYYY-MM-DD HH:mm') })}
                        </Typography.Text>
                      )}
                    </>
                  ) : (
                    <Typography.Text type="secondary">{t('withdrawals.accounts.notBound')}</Typography.Text>
                  )}
                </div>
                <Space size={4} wrap>
                  <Button
                    size="small"
                    type={account ? 'default' : 'primary'}
                    onClick={() => setEditing({ channel, replacing: Boolean(account) })}
                    data-testid={`payout-account-${channel}-edit`}
                  >
                    {t(account ? 'withdrawals.accounts.replace' : 'withdrawals.accounts.bind')}
                  </Button>
                  {channel === 'alipay' && alipayAuthorization && (
                    <Button size="small" onClick={() => setAuthorizing(true)} data-testid="payout-account-alipay-authorize">
                      {t('withdrawals.authorization.action')}
                    </Button>
                  )}
                  {account && (
                    <Button size="small" danger type="text" onClick={() => confirmUnbind(channel)}>
                      {t('withdrawals.accounts.unbind')}
                    </Button>
                  )}
                </Space>
              </div>
            );
          })}
        </div>
      </Card>

      <Card title={t('withdrawals.request.title')}>
        {bound.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('withdrawals.request.bindFirst')} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ channel: bound[0], amount: '' }}
            onFinish={confirmRequest}
            className="withdraw__form"
          >
            <Form.Item name="channel" label={t('withdrawals.request.channel')}>
              <Radio.Group>
                {channels.map((channel) => (
                  <Radio key={channel} value={channel} disabled={!accountOf(channel)} data-testid={`withdraw-channel-${channel}`}>
                    {t(`withdrawals.channels.${channel}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('withdrawals.request.amount')} required>
              <Space.Compact className="withdraw__amount">
                <Form.Item
                  name="amount"
                  noStyle
                  rules={[
                    {
                      validator: (_, value: string | undefined) => {
                        const check = checkWithdrawAmount(value ?? '', { minFen, maxFen, withdrawableFen });
                        if (check.ok) return Promise.resolve();
                        const values = Object.fromEntries(Object.entries(check.values ?? {}).map(([key, fen]) => [key, formatYuan(fen)]));
                        return Promise.reject(new Error(t(`withdrawals.request.amountErrors.${check.key}`, values)));
                      },
                    },
                  ]}
                >
                  <Input
                    prefix="¥"
                    inputMode="decimal"
                    placeholder={t('withdrawals.request.amountPlaceholder', { min: formatYuan(minFen) })}
                    data-testid="withdraw-amount"
                  />
                </Form.Item>
                <Button
                  onClick={() => {
                    form.setFieldValue('amount', fenToYuan(Math.min(withdrawableFen, maxFen)));
                    void form.validateFields(['amount']).catch(() => undefined);
                  }}
                  disabled={withdrawableFen === 0}
                  data-testid="withdraw-all"
                >
                  {t('withdrawals.request.all')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="withdraw-submit">
              {t('withdrawals.request.submit')}
            </Button>
          </Form>
        )}
      </Card>
      <PayoutAccountDialog
        channel={editing?.channel}
        replacing={editing?.replacing ?? false}
        onClose={() => setEditing(undefined)}
        codeField={codeField}
      />
      <AlipayAuthorizationDialog open={authorizing} onClose={() => setAuthorizing(false)} codeField={codeField} />
      <WithdrawConfirmDialog
        draft={draft}
        busy={submit.isPending}
        codeField={codeField}
        onCancel={() => setDraft(undefined)}
        onConfirm={sendRequest}
      />
    </div>
  );
}
