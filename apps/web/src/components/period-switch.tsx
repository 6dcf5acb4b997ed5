import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

interface PeriodSwitchProps<Days extends number> {
  periods: readonly Days[];
  value: Days;
  onChange: (days: Days) => void;
}

/** How many recent days a chart covers ("last 30 days", "last 90 days"). */
export function PeriodSwitch<Days extends number>({ periods, value, onChange }: PeriodSwitchProps<Days>) {
  const { t } = useTranslation();
  return (
    <Segmented<Days>
      size="small"
      value={value}
      onChange={onChange}
      options={periods.map((days) => ({ value: days, label: t('common.lastDays', { count: days }) }))}
    />
  );
}
