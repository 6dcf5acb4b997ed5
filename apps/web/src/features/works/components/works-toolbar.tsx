import { AppstoreOutlined, DeleteOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select, type InputRef } from 'antd';
import { WORK_STATUSES, WORK_TYPES, type WorkStatus, type WorkType } from '@spatia/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_STATUS_COLORS } from '../../../components/work-status-tag';
import type { WorkView } from '../lib/view-preference';
import { WorkTypeIcon } from './work-type-icon';

interface WorksToolbarProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  status: WorkStatus | undefined;
  onStatusChange: (status: WorkStatus | undefined) => void;
  type: WorkType | undefined;
  onTypeChange: (type: WorkType | undefined) => void;
  view: WorkView;
  onViewChange: (view: WorkView) => void;
  onCreate: () => void;
  onOpenRecycleBin: () => void;
}

/** True while typing somewhere, so that "/" types a slash there instead of jumping to the search box. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Search, filters, grid or table, and the two ways out: a new work and the recycle bin. */
export function WorksToolbar(props: WorksToolbarProps) {
  const { t } = useTranslation();
  const search = useRef<InputRef>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      // Not from inside a dialog or drawer over the page.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], .ant-drawer')) return;
      event.preventDefault();
      search.current?.focus({ cursor: 'all' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="works-toolbar" role="search" aria-label={t('works.toolbar.label')}>
      <div className="works-toolbar__filters">
        <Input
          ref={search}
          className="works-toolbar__search"
          value={props.keyword}
          onChange={(event) => props.onKeywordChange(event.target.value)}
          prefix={<SearchOutlined aria-hidden />}
          suffix={
            props.keyword ? undefined : (
              <kbd className="works-toolbar__kbd" title={t('works.toolbar.searchShortcut')}>
                /
              </kbd>
            )
          }
          allowClear
          maxLength={50}
          placeholder={t('works.toolbar.searchPlaceholder')}
          aria-label={t('works.toolbar.search')}
          data-testid="works-search"
        />
        <Select<WorkStatus>
          className="works-toolbar__select"
          value={props.status}
          onChange={(value) => props.onStatusChange(value ?? undefined)}
          allowClear
          placeholder={t('works.toolbar.allStatuses')}
          aria-label={t('works.toolbar.statusFilter')}
          data-testid="works-status-filter"
          popupMatchSelectWidth={false}
          options={WORK_STATUSES.map((status) => ({
            value: status,
            label: (
              <span className="works-toolbar__option">
                <span className={`works-status-dot works-status-dot--${WORK_STATUS_COLORS[status]}`} aria-hidden />
                {t(`works.status.${status}`)}
              </span>
            ),
          }))}
        />
        <Select<WorkType>
          className="works-toolbar__select"
          value={props.type}
          onChange={(value) => props.onTypeChange(value ?? undefined)}
          allowClear
          placeholder={t('works.toolbar.allTypes')}
          aria-label={t('works.toolbar.typeFilter')}
          data-testid="works-type-filter"
          popupMatchSelectWidth={false}
          options={WORK_TYPES.map((type) => ({
            value: type,
            label: (
              <span className="works-toolbar__option">
                <WorkTypeIcon type={type} />
                {t(`works.type.${type}`)}
              </span>
            ),
          }))}
        />
      </div>
      <div className="works-toolbar__actions">
        <Segmented<WorkView>
          value={props.view}
          onChange={props.onViewChange}
          aria-label={t('works.toolbar.view')}
          data-testid="works-view"
          options={[
            {
              value: 'grid',
              icon: <AppstoreOutlined />,
              label: <span className="works-toolbar__view-label">{t('works.toolbar.grid')}</span>,
              title: t('works.toolbar.grid'),
            },
            {
              value: 'table',
              icon: <UnorderedListOutlined />,
              label: <span className="works-toolbar__view-label">{t('works.toolbar.table')}</span>,
              title: t('works.toolbar.table'),
            },
          ]}
        />
        <Button
          icon={<DeleteOutlined />}
          onClick={props.onOpenRecycleBin}
          aria-label={t('works.toolbar.recycleBin')}
          data-testid="works-recycle-bin"
        >
          <span className="works-toolbar__button-label">{t('works.toolbar.recycleBin')}</span>
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onCreate} data-testid="works-create">
          {t('works.toolbar.create')}
        </Button>
      </div>
    </div>
  );
}
