import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Skeleton, Tag, Typography } from 'antd';
import type { IdentityKindDetail } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate } from '../../../lib/format';
import { useWithdrawIdentityRecord } from '../api/apply-identity';
import { useIdentityKinds } from '../api/identity-kinds';
import { canApply, stateOf, type IdentityState } from '../lib/identity-form';
import { ApplyIdentityDialog } from './apply-identity-dialog';
import { SectionCard } from '../../../components/section-card';
import './identity.css';

const DATE_ONLY = 'YYYY-MM-DD';

export const IDENTITY_STATE_COLOUR: Record<IdentityState, string> = {
  none: 'default',
  pending: 'processing',
  approved: 'gold',
  rejected: 'error',
  revoked: 'default',
};

/**
 * "Identity authentication" in my profile: the default kinds (spec 9) with the state of my latest
 * record of each, Apply (a dialog), and Withdraw or Give up with a confirmation.
 */
export function IdentityCard() {
  const { t } = useTranslation();
  const kinds = useIdentityKinds();
  const [applying, setApplying] = useState<IdentityKindDetail>();

  return (
    <SectionCard
      className="identity-card"
      heading={
        <>
          <SafetyCertificateOutlined aria-hidden /> {t('identity.card.title')}
        </>
      }
      data-testid="identity-card"
    >
      <Typography.Paragraph type="secondary" className="identity-card__intro">
        {t('identity.card.intro')}
      </Typography.Paragraph>
      {kinds.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : kinds.isError ? (
        <LoadFailed title={t('identity.card.loadFailed')} query={kinds} showMessage={false} />
      ) : (
        <ul className="identity-kinds">
          {kinds.data.map((kind) => (
            <IdentityKindItem key={kind.id} kind={kind} onApply={() => setApplying(kind)} />
          ))}
        </ul>
      )}
      <ApplyIdentityDialog kind={applying} onClose={() => setApplying(undefined)} />
    </SectionCard>
  );
}

function IdentityKindItem({ kind, onApply }: { kind: IdentityKindDetail; onApply: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const withdraw = useWithdrawIdentityRecord();
  const state = stateOf(kind);
  const record = kind.record;

  const confirmWithdraw = () => {
    if (!record) return;
    const givingUp = state === 'approved';
    modal.confirm({
      title: t(givingUp ? 'identity.giveUpConfirm.title' : 'identity.withdrawConfirm.title', { name: kind.name }),
      content: t(givingUp ? 'identity.giveUpConfirm.content' : 'identity.withdrawConfirm.content', { name: kind.name }),
      okText: t(givingUp ? 'identity.actions.giveUp' : 'identity.actions.withdraw'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        withdraw
          .mutateAsync(record.id)
          .then(() => void message.success(t(givingUp ? 'identity.givenUp' : 'identity.withdrawn')))
          // The client has shown the server's message; the dialog closes.
          .catch(() => undefined),
    });
  };

  return (
    <li className={`identity-kind identity-kind--${state}`} data-testid="identity-kind" data-code={kind.code} data-state={state}>
      <div className="identity-kind__head">
        <span className="identity-kind__name">{kind.name}</span>
        <Tag
          color={IDENTITY_STATE_COLOUR[state]}
          icon={state === 'approved' ? <SafetyCertificateOutlined aria-hidden /> : undefined}
          data-testid="identity-state"
        >
          {t(`identity.status.${state}`)}
        </Tag>
      </div>
      {record && state === 'rejected' && (
        <Typography.Text type="danger" className="identity-kind__note" data-testid="identity-reason">
          {t('identity.card.reason', { reason: record.reason })}
        </Typography.Text>
      )}
      {record && state === 'pending' && (
        <Typography.Text type="secondary" className="identity-kind__note">
          {t('identity.card.submittedAt', { date: formatDate(record.createdAt, DATE_ONLY) })}
        </Typography.Text>
      )}
      {record && state === 'approved' && record.decidedAt !== null && (
        <Typography.Text type="secondary" className="identity-kind__note">
          {t('identity.card.approvedAt', { date: formatDate(record.decidedAt, DATE_ONLY) })}
        </Typography.Text>
      )}
      <div className="identity-kind__actions">
        {canApply(state) ? (
          <Button
            size="small"
            type={state === 'none' ? 'default' : 'primary'}
            ghost={state !== 'none'}
            onClick={onApply}
            data-testid="identity-apply"
          >
            {t(state === 'none' ? 'identity.actions.apply' : 'identity.actions.reapply')}
          </Button>
        ) : (
          <Button size="small" danger type="text" loading={withdraw.isPending} onClick={confirmWithdraw} data-testid="identity-withdraw">
            {t(state === 'approved' ? 'identity.actions.giveUp' : 'identity.actions.withdraw')}
          </Button>
        )}
      </div>
    </li>
  );
}
