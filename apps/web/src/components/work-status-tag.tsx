import { Tag } from 'antd';
import type { WorkStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';

/** One colour per status, the same in the grid, the table and the filter. */
export const WORK_STATUS_COLORS: Record<WorkStatus, string> = {
  unpublished: 'default',
  published: 'blue',
  unaudited: 'gold',
  underReview: 'cyan',
  notPassed: 'red',
  passed: 'green',
  exposed: 'purple',
};

export function WorkStatusTag({ status, className }: { status: WorkStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={WORK_STATUS_COLORS[status]} className={className} data-testid="work-status" data-status={status}>
      {t(`works.status.${status}`)}
    </Tag>
  );
}
