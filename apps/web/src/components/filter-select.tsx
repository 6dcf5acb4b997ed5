import { Select } from 'antd';

interface FilterSelectProps<Choice extends string> {
  choices: readonly Choice[];
  choiceLabel: (choice: Choice) => string;
  /** The first option: no filter. */
  allLabel: string;
  value: Choice | undefined;
  onChange: (value: Choice | undefined) => void;
  /** The accessible name of the select. */
  label: string;
  className?: string;
  testId?: string;
  /** Narrows a long list as the person types. */
  searchable?: boolean;
}

/** A list filter on one field: one of its values, or all of them (undefined). */
export function FilterSelect<Choice extends string>({
  choices,
  choiceLabel,
  allLabel,
  value,
  onChange,
  label,
  className,
  testId,
  searchable = false,
}: FilterSelectProps<Choice>) {
  return (
    <Select<Choice | ''>
      className={className}
      aria-label={label}
      data-testid={testId}
      value={value ?? ''}
      onChange={(next) => onChange(next || undefined)}
      options={[{ value: '', label: allLabel }, ...choices.map((choice) => ({ value: choice, label: choiceLabel(choice) }))]}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
    />
  );
}
