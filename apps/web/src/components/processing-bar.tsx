import { Progress } from 'antd';

interface ProcessingBarProps {
  percent: number;
  /** The accessible name: what is being processed. */
  label: string;
  testId?: string;
}

/** The moving bar of a processing that runs; the figure is written beside it by the caller. */
export function ProcessingBar({ percent, label, testId }: ProcessingBarProps) {
  return (
    <Progress
      percent={percent}
      size="small"
      showInfo={false}
      status="active"
      aria-label={label}
      data-testid={testId}
      data-percent={percent}
    />
  );
}
