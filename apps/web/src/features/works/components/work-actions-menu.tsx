import {
  AuditOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CompassOutlined,
  CopyOutlined,
  DeploymentUnitOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  FileOutlined,
  EyeInvisibleOutlined,
  GiftOutlined,
  MoreOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
  ShopOutlined,
  StarOutlined,
  StopOutlined,
  TagOutlined,
  ThunderboltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkProcessing } from '../api/processing';
import { useWorkListing } from '../api/work-market';
import { marketStateOf } from '../lib/market-listing';
import { processLabelOf } from '../lib/processing-display';
import { offeredWorkActions, type WorkMenuAction } from '../lib/work-actions';

const ICONS: Record<WorkMenuAction, ReactNode> = {
  edit: <EditOutlined />,
  upload: <UploadOutlined />,
  verify: <SafetyCertificateOutlined />,
  process: <PlayCircleOutlined />,
  editTour: <CompassOutlined />,
  downloadOffline: <DownloadOutlined />,
  exportLas: <DeploymentUnitOutlined />,
  downloadOriginal: <FileOutlined />,
  openPublic: <ExportOutlined />,
  publish: <CloudUploadOutlined />,
  unpublish: <CloudDownloadOutlined />,
  submitAudit: <AuditOutlined />,
  withdrawAudit: <RollbackOutlined />,
  showInOfficial: <StarOutlined />,
  hideFromOfficial: <EyeInvisibleOutlined />,
  putOnMarket: <ShopOutlined />,
  takeOffMarket: <StopOutlined />,
  sellTo: <TagOutlined />,
  distribute: <GiftOutlined />,
  share: <ShareAltOutlined />,
  copy: <CopyOutlined />,
  reset: <RedoOutlined />,
  budget: <ThunderboltOutlined />,
  delete: <DeleteOutlined />,
};

/** Menu sections; a divider separates the sections that have something to offer. */
const GROUPS: readonly (readonly WorkMenuAction[])[] = [
  ['edit', 'upload', 'verify'],
  ['process', 'editTour', 'downloadOffline', 'exportLas', 'downloadOriginal', 'openPublic'],
  ['publish', 'unpublish', 'submitAudit', 'withdrawAudit', 'showInOfficial', 'hideFromOfficial'],
  ['putOnMarket', 'takeOffMarket', 'sellTo', 'distribute', 'share'],
  ['copy', 'reset', 'budget'],
  ['delete'],
];

export type WorkActionHandler = (action: WorkMenuAction, work: WorkSummary) => void;

/**
 * The "more" button of a work: only what the work's status allows, blocked ones disabled with their
 * reason. The work's processing (the same query as its indicator) adds processing and what it produced.
 */
export function WorkActionsMenu({ work, onAction }: { work: WorkSummary; onAction: WorkActionHandler }) {
  const { t } = useTranslation();
  const processing = useWorkProcessing(work.uid).data;
  const market = marketStateOf(work, useWorkListing(work.uid));
  const offered = offeredWorkActions({ ...work, market }, processing);
  const labelOf = (action: WorkMenuAction) => {
    if (action === 'process' && processing) return t(`works.processing.actions.${processLabelOf(processing.state)}`);
    // A listing still in review is withdrawn rather than taken off.
    if (action === 'takeOffMarket' && market === 'pending') return t('works.actions.withdrawListing');
    return t(`works.actions.${action}`);
  };
  const items: NonNullable<MenuProps['items']> = [];
  for (const group of GROUPS) {
    const entries = offered.filter(({ action }) => group.includes(action));
    if (entries.length === 0) continue;
    if (items.length > 0) items.push({ type: 'divider' });
    for (const { action, blockedBy } of entries) {
      items.push({
        key: action,
        icon: ICONS[action],
        danger: action === 'delete',
        disabled: blockedBy !== undefined,
        label: (
          <span className="work-actions__label" data-action={action}>
            <span>{labelOf(action)}</span>
            {blockedBy && <span className="work-actions__reason">{t(`works.blocked.${blockedBy}`)}</span>}
          </span>
        ),
      });
    }
  }
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onAction(key as WorkMenuAction, work);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('works.actions.menu', { name: work.name })}
        data-testid="work-actions"
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
