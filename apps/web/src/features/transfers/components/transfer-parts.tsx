import { AppstoreOutlined, BoxPlotOutlined, ClockCircleOutlined, GlobalOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import type { WorkOwner, WorkTransfer, WorkType } from '../api/types';
import { effectiveStatus, formatTransferPrice, receiptCountdown, STATUS_COLORS } from '../lib/transfer-rules';
import { displayPersonName } from '../../../lib/person-name';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

const TYPE_ICONS: Record<WorkType, ReactNode> = {
  panorama: <GlobalOutlined />,
  model3d: <AppstoreOutlined />,
  pointcloud: <BoxPlotOutlined />,
};

/** The cover, or the type's icon on a tile when the work has none yet. */
export function WorkThumb({ work, size = 'small' }: { work: WorkTransfer['work']; size?: 'small' | 'large' }) {
  return (
    <span className={`transfer-thumb transfer-thumb--${size}`} aria-hidden>
      {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : TYPE_ICONS[work.type]}
    </span>
  );
}

/** Cover, name, and what kind of work and hand-over it is. */
export function WorkCell({ transfer, wrap = false }: { transfer: WorkTransfer; wrap?: boolean }) {
  const { t } = useTranslation();
  const name = transfer.work.name || t('transfers.untitled');
  const title = (
    <strong className={wrap ? 'transfer-work__name transfer-work__name--wrap' : 'transfer-work__name'} data-testid="transfer-work-name">
      {name}
    </strong>
  );
  return (
    <div className="transfer-work">
      <WorkThumb work={transfer.work} />
      <div className="transfer-work__text">
        {/* A cut-off name (in a table cell) can be read in full on hover. */}
        {wrap ? title : <Tooltip title={name}>{title}</Tooltip>}
        <span className="transfer-work__meta">
          {t(`transfers.workType.${transfer.work.type}`)} · {t(`transfers.kind.${transfer.kind}`)}
        </span>
      </div>
    </div>
  );
}

export function PartyCell({ party }: { party: WorkOwner }) {
  const { t } = useTranslation();
  const name = displayPersonName(party.name, t);
  return (
    <span className="transfer-party">
      <UserAvatar src={party.avatarUrl} name={name} size={24} />
      <span className="transfer-party__name">{name}</span>
    </span>
  );
}

export function PriceText({ transfer }: { transfer: WorkTransfer }) {
  return (
    <span className={transfer.kind === 'sale' ? 'transfer-price transfer-price--sale' : 'transfer-price'} data-testid="transfer-price">
      {formatTransferPrice(transfer)}
    </span>
  );
}

/** The latest receipt time, and while it is pending, how long is left. */
export function ReceiptDeadline({ transfer, now }: { transfer: WorkTransfer; now: number }) {
  const countdown = receiptCountdown(transfer, now);
  return (
    <span className="transfer-deadline">
      <span>{formatDate(transfer.expiresAt, TIME_FORMAT)}</span>
      {countdown && (
        <span
          className={countdown.urgent ? 'transfer-deadline__left transfer-deadline__left--urgent' : 'transfer-deadline__left'}
          data-testid="transfer-countdown"
        >
          <ClockCircleOutlined aria-hidden /> {countdown.text}
        </span>
      )}
    </span>
  );
}

export function TransferStatusTag({ transfer, now }: { transfer: WorkTransfer; now: number }) {
  const { t } = useTranslation();
  const status = effectiveStatus(transfer, now);
  const tag = (
    <Tag color={STATUS_COLORS[status]} className="transfer-status" data-testid="transfer-status" data-status={status}>
      {t(`transfers.status.${status}`)}
    </Tag>
  );
  if (transfer.answeredAt === null) return tag;
  return <Tooltip title={t('transfers.answeredAt', { time: formatDate(transfer.answeredAt, TIME_FORMAT) })}>{tag}</Tooltip>;
}

export function RemarkText({ remark }: { remark: string }) {
  if (!remark.trim()) return <span className="transfer-muted">—</span>;
  return (
    <Tooltip title={remark}>
      <span className="transfer-remark">{remark}</span>
    </Tooltip>
  );
}
