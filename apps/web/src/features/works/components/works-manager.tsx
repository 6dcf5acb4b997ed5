import { Button, Checkbox, Empty, Pagination } from 'antd';
import { WORK_TYPES, type WorkSummary, type WorkType } from '@spatia/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { useLinkRequest } from '../../../lib/use-link-request';
import { useSession } from '../../../stores/session-store';
import { useWorks, type WorkListParams } from '../api/get-works';
import { WorkUidsInView } from '../api/work-market';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { readWorkView, writeWorkView, type WorkView } from '../lib/view-preference';
import { canDeleteAll } from '../lib/work-actions';
import { CreateWorkDialog } from './create-work-dialog';
import { RecycleBinDrawer } from './recycle-bin-drawer';
import { useWorkActions, type UploadRequest } from './use-work-actions';
import { WorkCard } from './work-card';
import { WorksBatchBar } from './works-batch-bar';
import { WorksEmpty } from './works-empty';
import { WorksSkeleton } from './works-skeleton';
import { WorksTable } from './works-table';
import { NO_FILTERS, WorksToolbar, type WorkFilters } from './works-toolbar';
import './works.css';

const PAGE_SIZES = [12, 24, 48];
const SEARCH_DELAY_MS = 300;

/** Something that belongs to one set of filters and starts over when they change (the page, the selection). */
interface PerFilters<T> {
  filters: string;
  value: T;
}

interface WorksManagerProps {
  /** Runs after anything that changes the user's works (the page refreshes its overview). */
  onChanged?: () => void;
  /** Edit and upload open drawers of other features, which the page holds. */
  onEdit: (uid: string) => void;
  onUpload: (work: UploadRequest) => void;
}

/**
 * The works manager of the dashboard: search and filters, grid or table, pages, selection with a
 * batch delete, every per-work action the status allows, creating and the recycle bin.
 */
export function WorksManager({ onChanged, onEdit, onUpload }: WorksManagerProps) {
  const { t } = useTranslation();
  const ownerUid = useSession((session) => session.uid);
  const [filterInput, setFilterInput] = useState<WorkFilters>(NO_FILTERS);
  const keyword = useDebouncedValue(filterInput.keyword.trim(), SEARCH_DELAY_MS);
  const { status, type } = filterInput;
  const [view, setView] = useState<WorkView>(readWorkView);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [createOpen, setCreateOpen] = useState(false);
  const [createType, setCreateType] = useState<WorkType>('panorama');
  // `?create=<type>` (e.g. from the point-cloud list's empty state) opens the dialog on that type.
  useLinkRequest('create', (asked) => {
    const workType = WORK_TYPES.find((known) => known === asked);
    if (!workType) return;
    setCreateType(workType);
    setCreateOpen(true);
  });
  const [recycleOpen, setRecycleOpen] = useState(false);

  const filters: WorkFilters = { keyword, status, type };
  const filtersKey = JSON.stringify(filters);
  const filtered = keyword !== '' || status !== undefined || type !== undefined;

  const [page, setPage] = useState<PerFilters<number>>({ filters: filtersKey, value: 1 });
  const pageNum = page.filters === filtersKey ? page.value : 1;
  const [selection, setSelection] = useState<PerFilters<ReadonlyMap<string, WorkSummary>>>({ filters: filtersKey, value: new Map() });
  const selected = useMemo(
    () => (selection.filters === filtersKey ? selection.value : new Map<string, WorkSummary>()),
    [selection, filtersKey],
  );

  const params: WorkListParams = { pageNum, pageSize, keyword: keyword || undefined, status, type };
  const works = useWorks(ownerUid, params);

  const changed = useCallback(() => onChanged?.(), [onChanged]);
  const unselect = useCallback(
    (uids: readonly string[]) =>
      setSelection((current) => {
        const next = new Map(current.value);
        for (const uid of uids) next.delete(uid);
        return { ...current, value: next };
      }),
    [],
  );
  const actions = useWorkActions({ onChanged: changed, onDeleted: unselect, onEdit, onUpload });

  const list = works.data?.list ?? [];
  // The market marks and actions read the listings of exactly these works, in one request.
  const uidsInView = useMemo(() => (works.data?.list ?? []).map((work) => work.uid), [works.data?.list]);
  const total = works.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    // Deleting the last works of the last page: go to the page that is now the last.
    if (works.data && !works.isPlaceholderData && pageNum > lastPage) setPage({ filters: filtersKey, value: lastPage });
  }, [works.data, works.isPlaceholderData, pageNum, lastPage, filtersKey]);

  const select = (changes: readonly WorkSummary[], on: boolean) =>
    setSelection((current) => {
      const next = new Map(current.filters === filtersKey ? current.value : undefined);
      for (const work of changes) {
        if (on) next.set(work.uid, work);
        else next.delete(work.uid);
      }
      return { filters: filtersKey, value: next };
    });
  const clearSelection = () => setSelection({ filters: filtersKey, value: new Map() });

  const changeView = (next: WorkView) => {
    setView(next);
    writeWorkView(next);
  };

  const changeFilters = (changes: Partial<WorkFilters>) => setFilterInput((current) => ({ ...current, ...changes }));
  const clearFilters = () => setFilterInput(NO_FILTERS);

  const selectedWorks = [...selected.values()];
  const pageSelected = list.filter((work) => selected.has(work.uid)).length;

  let body;
  if (works.isPending) {
    body = <WorksSkeleton view={view} count={pageSize > 12 ? 12 : pageSize} />;
  } else if (works.isError && !works.data) {
    body = <LoadFailed title={t('works.list.loadFailed')} query={works} testId="works-error" />;
  } else if (total === 0 && !filtered) {
    body = <WorksEmpty onCreate={() => setCreateOpen(true)} />;
  } else if (list.length === 0) {
    body = (
      <Empty
        className="works-no-results"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('works.list.noResults')}
        data-testid="works-no-results"
      >
        <p className="works-no-results__hint">{t('works.list.noResultsHint')}</p>
        <Button onClick={clearFilters}>{t('works.list.clearFilters')}</Button>
      </Empty>
    );
  } else if (view === 'table') {
    body = (
      <WorksTable works={list} loading={works.isPlaceholderData} selected={selected} onSelectionChange={select} onAction={actions.run} />
    );
  } else {
    body = (
      <div
        className={`works-grid${works.isPlaceholderData ? ' works-grid--loading' : ''}`}
        data-testid="works-grid"
        aria-busy={works.isPlaceholderData}
      >
        {list.map((work) => (
          <WorkCard
            key={work.uid}
            work={work}
            selected={selected.has(work.uid)}
            onSelect={(item, on) => select([item], on)}
            onAction={actions.run}
          />
        ))}
      </div>
    );
  }

  const showList = list.length > 0 && !works.isPending;

  return (
    <WorkUidsInView.Provider value={uidsInView}>
      <section className="works" aria-label={t('works.list.label')}>
        <WorksToolbar
          filters={filterInput}
          onFiltersChange={changeFilters}
          view={view}
          onViewChange={changeView}
          onCreate={() => setCreateOpen(true)}
          onOpenRecycleBin={() => setRecycleOpen(true)}
        />

        {showList &&
          (selected.size > 0 ? (
            <WorksBatchBar
              count={selected.size}
              deletable={canDeleteAll(selectedWorks)}
              onDelete={() => actions.confirmDelete(selectedWorks)}
              onClear={clearSelection}
            />
          ) : (
            <div className="works-summary">
              {view === 'grid' && (
                <Checkbox
                  checked={pageSelected > 0 && pageSelected === list.length}
                  indeterminate={pageSelected > 0 && pageSelected < list.length}
                  onChange={(event) => select(list, event.target.checked)}
                  data-testid="works-select-page"
                >
                  {t('works.list.selectPage')}
                </Checkbox>
              )}
              <span className="works-summary__total" data-testid="works-total">
                {t('works.list.total', { count: total })}
              </span>
            </div>
          ))}

        {body}

        {showList && total > PAGE_SIZES[0]! && (
          <Pagination
            className="works-pagination"
            align="end"
            current={pageNum}
            pageSize={pageSize}
            total={total}
            pageSizeOptions={PAGE_SIZES}
            showSizeChanger
            showTotal={(count) => t('works.list.total', { count })}
            onChange={(nextPage, nextSize) => {
              if (nextSize !== pageSize) {
                setPageSize(nextSize);
                setPage({ filters: filtersKey, value: 1 });
              } else {
                setPage({ filters: filtersKey, value: nextPage });
              }
            }}
          />
        )}

        <CreateWorkDialog
          open={createOpen}
          initialType={createType}
          onClose={() => {
            setCreateOpen(false);
            setCreateType('panorama');
          }}
          onCreated={(work) => {
            changed();
            onUpload({ uid: work.uid, type: work.type, name: work.name });
          }}
        />
        <RecycleBinDrawer open={recycleOpen} onClose={() => setRecycleOpen(false)} onChanged={changed} />
        {actions.dialogs}
      </section>
    </WorkUidsInView.Provider>
  );
}
