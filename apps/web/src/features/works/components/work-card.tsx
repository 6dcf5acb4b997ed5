import { SwapOutlined } from '@ant-design/icons';
import { Checkbox, Tag, Tooltip } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { WorkStatusTag } from '../../../components/work-status-tag';
import { MarketMark } from './market-mark';
import { WorkActionsMenu, type WorkActionHandler } from './work-actions-menu';
import { WorkCover } from './work-cover';
import { WorkProcessingStatus } from './work-processing';
import { WorkTags } from './work-tags-line';
import { WorkTypeIcon } from './work-type-icon';

interface WorkCardProps {
  work: WorkSummary;
  selected: boolean;
  onSelect: (work: WorkSummary, selected: boolean) => void;
  onAction: WorkActionHandler;
}

/** One work in the grid: cover with status and marks, name, type and time, a panorama's processing, tags, and its actions. */
export function WorkCard({ work, selected, onSelect, onAction }: WorkCardProps) {
  const { t } = useTranslation();
  const name = work.name || t('works.list.untitled');
  return (
    <article className={`work-card${selected ? ' work-card--selected' : ''}`} data-testid="work-card" data-uid={work.uid} aria-label={name}>
      <div className="work-card__cover">
        <WorkCover name={name} type={work.type} coverUrl={work.coverUrl} />
        <Checkbox
          className="work-card__check"
          checked={selected}
          onChange={(event) => onSelect(work, event.target.checked)}
          aria-label={t('works.list.select', { name })}
          data-testid="work-select"
        />
        <div className="work-card__badges">
          <WorkStatusTag status={work.status} className="work-card__status" />
          {work.pendingTransfer && (
            <Tooltip title={t('works.list.pendingTransferHint')}>
              <Tag color="orange" icon={<SwapOutlined />} className="work-card__transfer" data-testid="work-pending-transfer">
                {t('works.list.pendingTransfer')}
              </Tag>
            </Tooltip>
          )}
        </div>
        <MarketMark work={work} className="work-card__price" />
      </div>
      <div className="work-card__body">
        <div className="work-card__title-row">
          <h3 className="work-card__name" title={name} data-testid="work-name">
            {name}
          </h3>
          <WorkActionsMenu work={work} onAction={onAction} />
        </div>
        <div className="work-card__meta">
          <span className="work-card__type">
            <WorkTypeIcon type={work.type} /> {t(`works.type.${work.type}`)}
          </span>
          <span aria-hidden>·</span>
          <RelativeTime at={work.updatedAt} phrase={(time) => t('works.list.updated', { time })} />
        </div>
        <WorkProcessingStatus uid={work.uid} type={work.type} />
        <WorkTags tags={work.tags} official={work.openInOfficial} />
      </div>
    </article>
  );
}
