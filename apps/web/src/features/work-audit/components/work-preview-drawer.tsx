import { CheckOutlined, CloseOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Grid, Space, Tag } from 'antd';
import type { WorkReviewItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { WorkStatusTag } from '../../../components/work-status-tag';
import { formatDate } from '../../../lib/format';
import { detailsUrl, previewUrl, type ReviewState } from '../lib/review-state';
import { usePersonName } from '../../../lib/use-person-name';

interface WorkPreviewDrawerProps {
  work: WorkReviewItem | null;
  open: boolean;
  state: ReviewState;
  busy: boolean;
  onClose: () => void;
  onClaim: (work: WorkReviewItem) => void;
  onPass: (work: WorkReviewItem) => void;
  onReject: (work: WorkReviewItem) => void;
}

/**
 * A queued work as visitors will see it: its public page's viewer embedded (the same tour, 3D or
 * point-cloud viewer), the facts under review, and the decision this admin may take.
 */
export function WorkPreviewDrawer({ work, open, state, busy, onClose, onClaim, onPass, onReject }: WorkPreviewDrawerProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const screens = Grid.useBreakpoint();
  if (!work) return null;

  let actions;
  if (state === 'waiting') {
    actions = (
      <Button type="primary" loading={busy} onClick={() => onClaim(work)} data-testid="audit-preview-claim">
        {t('workAudit.actions.claim')}
      </Button>
    );
  } else if (state === 'mine') {
    actions = (
      <Space>
        <Button danger icon={<CloseOutlined />} disabled={busy} onClick={() => onReject(work)} data-testid="audit-preview-reject">
          {t('workAudit.actions.reject')}
        </Button>
        <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => onPass(work)} data-testid="audit-preview-pass">
          {t('workAudit.actions.pass')}
        </Button>
      </Space>
    );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      title={t('workAudit.preview.title', { name: work.name })}
      extra={
        <Button
          type="link"
          icon={<ExportOutlined />}
          href={detailsUrl(work.uid)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="audit-open-details"
        >
          {t('workAudit.preview.openPage')}
        </Button>
      }
      footer={actions ? <div className="work-audit-preview__footer">{actions}</div> : undefined}
      destroyOnHidden
      data-testid="audit-preview"
    >
      {state === 'others' && (
        <Alert
          type="info"
          showIcon
          className="work-audit-preview__notice"
          title={t('workAudit.preview.claimedByOther', {
            name: work.reviewer?.name ? personName(work.reviewer.name) : t('workAudit.unknownReviewer'),
          })}
        />
      )}
      <div className="work-audit-preview__stage">
        <iframe
          src={previewUrl(work.uid)}
          title={t('workAudit.preview.viewer', { name: work.name })}
          className="work-audit-preview__frame"
          allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking"
          data-testid="audit-preview-frame"
        />
      </div>
      <Descriptions column={1} size="small" bordered className="work-audit-preview__facts">
        <Descriptions.Item label={t('workAudit.columns.name')}>{work.name}</Descriptions.Item>
        <Descriptions.Item label={t('workAudit.columns.owner')}>
          <Space size={8}>
            <UserAvatar src={work.owner.avatarUrl} name={work.owner.name} size={24} />
            {personName(work.owner.name)}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('workAudit.columns.type')}>{t(`works.type.${work.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('workAudit.columns.status')}>
          <WorkStatusTag status={work.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('workAudit.columns.submittedAt')}>{formatDate(work.submittedAt ?? work.updatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('workAudit.preview.description')}>
          {work.description || <span className="work-audit-preview__muted">{t('workAudit.preview.noDescription')}</span>}
        </Descriptions.Item>
        {work.tags.length > 0 && (
          <Descriptions.Item label={t('workAudit.preview.tags')}>
            {work.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Descriptions.Item>
        )}
        {work.coverUrl && (
          <Descriptions.Item label={t('workAudit.preview.cover')}>
            <img src={work.coverUrl} alt={t('workAudit.preview.coverAlt', { name: work.name })} className="work-audit-preview__cover" />
          </Descriptions.Item>
        )}
      </Descriptions>
    </Drawer>
  );
}
