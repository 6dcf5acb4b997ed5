import {
  CustomerServiceOutlined,
  DeleteOutlined,
  FileImageOutlined,
  FileZipOutlined,
  PaperClipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Button, Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetKind, WorkAsset } from '@spatia/contract';
import { formatDate } from '../../../lib/format';
import { formatBytes } from '../lib/upload-progress';
import { useConfirmAssetRemoval } from './use-confirm-asset-removal';

const KIND_ICONS: Record<AssetKind, ReactNode> = {
  origin: <FileZipOutlined />,
  cover: <FileImageOutlined />,
  slr: <FileImageOutlined />,
  coverVideo: <VideoCameraOutlined />,
  music: <CustomerServiceOutlined />,
};

interface AssetListProps {
  uid: string;
  assets: readonly WorkAsset[];
  /** Kinds whose files cannot change now (the work is in review). */
  lockedKinds: readonly AssetKind[];
}

/** The files a work holds, newest first, each with its kind, size and date, and a confirmed delete. */
export function AssetList({ uid, assets, lockedKinds }: AssetListProps) {
  const { t } = useTranslation();
  const { confirmRemoval } = useConfirmAssetRemoval(uid);
  const sorted = [...assets].sort((a, b) => b.createdAt - a.createdAt);

  const confirmDelete = (asset: WorkAsset) =>
    confirmRemoval(asset.id, {
      title: t('workEdit.assets.confirmTitle'),
      content: t('workEdit.assets.confirmText', { name: asset.fileName || t(`workEdit.kinds.${asset.kind}.title`) }),
      okText: t('workEdit.assets.delete'),
      done: t('workEdit.assets.deleted'),
    });

  return (
    <section className="asset-list" aria-labelledby="asset-list-title" data-testid="asset-list">
      <h3 id="asset-list-title" className="asset-list__title">
        {t('workEdit.assets.title')} <span className="asset-list__count">{assets.length}</span>
      </h3>
      {sorted.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workEdit.assets.empty')} />
      ) : (
        <ul className="asset-list__items">
          {sorted.map((asset) => (
            <li key={asset.id} className="asset-list__item" data-testid="asset-item" data-kind={asset.kind}>
              <span className="icon-tile asset-list__icon" aria-hidden>
                {KIND_ICONS[asset.kind] ?? <PaperClipOutlined />}
              </span>
              <div className="asset-list__body">
                <a href={asset.url} target="_blank" rel="noreferrer" className="asset-list__name" title={asset.fileName}>
                  {asset.fileName || t('workEdit.assets.unnamed')}
                </a>
                <div className="asset-list__meta">
                  <Tag variant="filled" className="asset-list__kind">
                    {t(`workEdit.kinds.${asset.kind}.title`)}
                  </Tag>
                  <span>{formatBytes(asset.size)}</span>
                  <span>{formatDate(asset.createdAt, 'YYYY-MM-DD HH:mm')}</span>
                </div>
              </div>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(asset)}
                disabled={lockedKinds.includes(asset.kind)}
                aria-label={t('workEdit.assets.deleteOne', { name: asset.fileName })}
                data-testid="asset-delete"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
