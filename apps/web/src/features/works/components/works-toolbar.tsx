import { AppstoreOutlined, DeleteOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select, type InputRef } from 'antd';
import { WORK_STATUSES, WORK_TYPES, type WorkStatus, type WorkType } from '@spatia/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_STATUS_COLORS } from '../../../components/work-status-tag';
import type { WorkView } from '../lib/view-preference';
import { WorkTypeIcon } from './work-type-icon';

/** What the list is narrowed to: the search box's text (as typed), a status, a type. */
export interface WorkFilters {
  keyword: string;
  status: WorkStatus | undefined;
  type: WorkType | undefined;
}

export const NO_FILTERS: WorkFilters = { keyword: '', status: undefined, type: undefined };

interface WorksToolbarProps {
  filters: WorkFilters;
  onFiltersChange: (changes: Partial<WorkFilters>) => void;
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

interface ToolbarSelectProps<Value extends string> {
  choices: readonly Value[];
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  /** An option's content: its mark and its name. */
  renderChoice: (choice: Value) => ReactNode;
  /** What shows while nothing is chosen, and the select's accessible name. */
  texts: { all: string; label: string };
  testId: string;
}

/** One of the toolbar's filters: a value with its mark, or none (cleared). */
function ToolbarSelect<Value extends string>({ choices, value, onChange, renderChoice, texts, testId }: ToolbarSelectProps<Value>) {
  return (
    <Select<Value>
      className="works-toolbar__select"
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      allowClear
      placeholder={texts.all}
      aria-label={texts.label}
      data-testid={testId}
      popupMatchSelectWidth={false}
      options={choices.map((choice) => ({ value: choice, label: <span className="works-toolbar__option">{renderChoice(choice)}</span> }))}
    />
  );
}

/** Search, filters, grid or table, and the two ways out: a new work and the recycle bin. */
export function WorksToolbar({ filters, onFiltersChange, ...props }: WorksToolbarProps) {
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
          value={filters.keyword}
          onChange={(event) => onFiltersChange({ keyword: event.target.value })}
          prefix={<SearchOutlined aria-hidden />}
          suffix={
            filters.keyword ? undefined : (
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
        <ToolbarSelect<WorkStatus>
          choices={WORK_STATUSES}
          value={filters.status}
          onChange={(status) => onFiltersChange({ status })}
          renderChoice={(status) => (
            <>
              <span className={`works-status-dot works-status-dot--${WORK_STATUS_COLORS[status]}`} aria-hidden />
              {t(`works.status.${status}`)}
            </>
          )}
          texts={{ all: t('works.toolbar.allStatuses'), label: t('works.toolbar.statusFilter') }}
          testId="works-status-filter"
        />
        <ToolbarSelect<WorkType>
          choices={WORK_TYPES}
          value={filters.type}
          onChange={(type) => onFiltersChange({ type })}
          renderChoice={(type) => (
            <>
              <WorkTypeIcon type={type} />
              {t(`works.type.${type}`)}
            </>
          )}
          texts={{ all: t('works.toolbar.allTypes'), label: t('works.toolbar.typeFilter') }}
          testId="works-type-filter"
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
