import { FileOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Drawer, Empty, Image, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatNumber } from '../../../lib/format';
import { useTransferWork } from '../api/get-transfer-work';
import type { TransferSide, WorkAsset, WorkDetail, WorkTransfer } from '../api/types';
import { actionsFor, counterpartOf } from '../lib/transfer-rules';
import { TransferActionButtons, type TransferAnswerHandlers } from './transfer-action-buttons';
import { PartyCell, PriceText, ReceiptDeadline, TIME_FORMAT, TransferStatusTag, WorkThumb } from './transfer-parts';

interface TransferWorkDrawerProps extends Omit<TransferAnswerHandlers, 'onView'> {
  /** The transfer whose work is shown; kept while the drawer slides out. */
  transfer: WorkTransfer | null;
  open: boolean;
  side: TransferSide;
  now: number;
  fullScreen: boolean;
  onClose: () => void;
  /** After the closing animation: the transfer can be let go. */
  onClosed: () => void;
}

function AssetItem({ asset }: { asset: WorkAsset }) {
  const { t } = useTranslation();
  return (
    <List.Item
      data-testid="transfer-asset"
      actions={[
        <a key="open" href={asset.url} target="_blank" rel="noreferrer" aria-label={`${t('transfers.drawer.open')}: ${asset.fileName}`}>
          <LinkOutlined aria-hidden /> {t('transfers.drawer.open')}
        </a>,
      ]}
    >
      <List.Item.Meta
        avatar={
          <span className="icon-tile" aria-hidden>
            <FileOutlined />
          </span>
        }
        title={<span className="transfer-asset__name">{asset.fileName}</span>}
        description={
          <span className="transfer-asset__meta">
            <Tag variant="filled">{t(`transfers.assetKind.${asset.kind}`)}</Tag>
            <span>{formatNumber(asset.size)}B</span>
            <span>{formatDate(asset.createdAt, TIME_FORMAT)}</span>
          </span>
        }
      />
    </List.Item>
  );
}

function isNotFound(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** `filesAfterAnswer`: the receiver of a transfer still waiting sees a preview; the originals come with the work. */
function WorkBody({ work, filesAfterAnswer }: { work: WorkDetail; filesAfterAnswer: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="transfer-drawer__work" data-testid="transfer-work-detail">
      {work.coverUrl ? (
        <Image className="transfer-drawer__cover" src={work.coverUrl} alt={work.name} />
      ) : (
        <div className="transfer-drawer__cover transfer-drawer__cover--empty">
          <WorkThumb work={work} size="large" />
          <span>{t('transfers.drawer.noCover')}</span>
        </div>
      )}
      <Typography.Title level={3} className="transfer-drawer__name">
        {work.name || t('transfers.untitled')}
      </Typography.Title>
      <Descriptions column={1} size="small" className="transfer-drawer__facts">
        <Descriptions.Item label={t('transfers.drawer.type')}>{t(`transfers.workType.${work.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('transfers.drawer.tags')}>
          {work.tags.length > 0 ? (
            <span className="transfer-drawer__tags">
              {work.tags.map((tag) => (
                <Tag key={tag} color="blue" variant="filled">
                  {tag}
                </Tag>
              ))}
            </span>
          ) : (
            <span className="transfer-muted">{t('transfers.drawer.noTags')}</span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('transfers.drawer.description')}>
          {work.description.trim() ? (
            <span className="transfer-drawer__description">{work.description}</span>
          ) : (
            <span className="transfer-muted">{t('transfers.drawer.noDescription')}</span>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={4} className="transfer-drawer__section">
        {t('transfers.drawer.assets')}
      </Typography.Title>
      {filesAfterAnswer && (
        <Alert
          type="info"
          showIcon
          className="transfer-drawer__files-note"
          data-testid="transfer-files-note"
          title={t('transfers.drawer.filesAfterAnswer')}
        />
      )}
      {work.assets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transfers.drawer.noAssets')} />
      ) : (
        <List
          className="transfer-drawer__assets"
          dataSource={work.assets}
          rowKey="id"
          renderItem={(asset) => <AssetItem asset={asset} />}
        />
      )}
    </section>
  );
}

/** The work of a transfer (as it is now, or as it was sent once it left this side), its terms and the answers this side may give. */
export function TransferWorkDrawer({
  transfer,
  open,
  side,
  now,
  fullScreen,
  busyId,
  onAnswer,
  onClose,
  onClosed,
}: TransferWorkDrawerProps) {
  const { t } = useTranslation();
  const work = useTransferWork(transfer?.id ?? null);
  const answers = transfer ? actionsFor(transfer, side, now).filter((action) => action !== 'view') : [];
  // The sender of a confirmed transfer is shown the work as it was sent, never the new owner's (docs/work-lifecycle.md).
  const handedOver = side === 'sent' && transfer?.status === 'confirmed';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(opened) => {
        if (!opened) onClosed();
      }}
      title={t('transfers.drawer.title')}
      size={fullScreen ? '100%' : 560}
      destroyOnHidden
      rootClassName="transfer-drawer"
      closable={{ 'aria-label': t('transfers.drawer.close') }}
      footer={
        transfer && answers.length > 0 ? (
          <div className="transfer-drawer__footer">
            <TransferActionButtons transfer={transfer} side={side} now={now} look="button" busyId={busyId} onAnswer={onAnswer} />
          </div>
        ) : null
      }
    >
      {transfer && (
        <>
          <Descriptions
            title={t('transfers.drawer.transfer')}
            column={1}
            size="small"
            bordered
            className="transfer-drawer__transfer"
            extra={<TransferStatusTag transfer={transfer} now={now} />}
          >
            <Descriptions.Item label={t(`transfers.kind.${transfer.kind}`)}>
              <PriceText transfer={transfer} />
            </Descriptions.Item>
            <Descriptions.Item label={t(side === 'received' ? 'transfers.columns.sender' : 'transfers.columns.receiver')}>
              <PartyCell party={counterpartOf(transfer, side)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('transfers.columns.sentAt')}>{formatDate(transfer.sentAt, TIME_FORMAT)}</Descriptions.Item>
            <Descriptions.Item label={t('transfers.columns.expiresAt')}>
              <ReceiptDeadline transfer={transfer} now={now} />
            </Descriptions.Item>
            {transfer.remark.trim() ? (
              <Descriptions.Item label={t('transfers.columns.remark')}>
                <span className="transfer-drawer__description">{transfer.remark}</span>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {work.isPending ? (
            <div className="transfer-drawer__loading" aria-busy="true">
              <Skeleton.Image active className="transfer-drawer__skeleton-cover" />
              <Skeleton active paragraph={{ rows: 5 }} />
            </div>
          ) : handedOver && isNotFound(work.error) ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transfers.drawer.notKept', { name: transfer.receiver.name })} />
          ) : work.isError ? (
            <LoadFailed title={t('transfers.drawer.loadFailed')} query={work} />
          ) : (
            <>
              {handedOver && (
                <Alert
                  type="info"
                  showIcon
                  className="transfer-drawer__files-note"
                  data-testid="transfer-as-sent"
                  title={t('transfers.drawer.asSent', { date: formatDate(transfer.sentAt, TIME_FORMAT), name: transfer.receiver.name })}
                />
              )}
              <WorkBody work={work.data} filesAfterAnswer={side === 'received' && transfer.status === 'pending'} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
