import { Segmented } from 'antd';

interface StatusFilterProps<Status extends string> {
  statuses: readonly Status[];
  value: Status | 'all';
  onChange: (value: Status | 'all') => void;
  statusLabel: (status: Status) => string;
  allLabel: string;
  /** "All" leads in a person's own records and closes a review queue, which opens on what waits. */
  allFirst: boolean;
  /** The accessible name of the group. */
  label: string;
  testId?: string;
}

/** One state of a list to show, or all of them. */
export function StatusFilter<Status extends string>({
  statuses,
  value,
  onChange,
  statusLabel,
  allLabel,
  allFirst,
  label,
  testId,
}: StatusFilterProps<Status>) {
  const all = { value: 'all' as const, label: allLabel };
  const states = statuses.map((status) => ({ value: status, label: statusLabel(status) }));
  return (
    <Segmented<Status | 'all'>
      aria-label={label}
      value={value}
      onChange={onChange}
      options={allFirst ? [all, ...states] : [...states, all]}
      data-testid={testId}
    />
  );
}
