import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface WorksBatchBarProps {
  count: number;
  deletable: boolean;
  onDelete: () => void;
  onClear: () => void;
}

/** Shown while works are selected: how many, delete them, or let go of the selection. */
export function WorksBatchBar({ count, deletable, onDelete, onClear }: WorksBatchBarProps) {
  const { t } = useTranslation();
  return (
    <div className="works-batch" role="region" aria-label={t('works.batch.label')} data-testid="works-batch-bar">
      <span className="works-batch__count" aria-live="polite">
        {t('works.batch.selected', { count })}
      </span>
      <div className="works-batch__actions">
        <Tooltip title={deletable ? undefined : t('works.batch.blocked')}>
          <Button danger icon={<DeleteOutlined />} onClick={onDelete} disabled={!deletable} data-testid="works-batch-delete">
            {t('works.batch.delete')}
          </Button>
        </Tooltip>
        <Button type="text" icon={<CloseOutlined />} onClick={onClear} data-testid="works-batch-clear">
          {t('works.batch.clear')}
        </Button>
      </div>
    </div>
  );
}
