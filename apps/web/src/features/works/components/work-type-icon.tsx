import { CodeSandboxOutlined, DotChartOutlined, GlobalOutlined } from '@ant-design/icons';
import type { WorkType } from '@spatia/contract';
import type { ReactNode } from 'react';

const ICONS: Record<WorkType, ReactNode> = {
  panorama: <GlobalOutlined />,
  model3d: <CodeSandboxOutlined />,
  pointcloud: <DotChartOutlined />,
};

export function WorkTypeIcon({ type }: { type: WorkType }) {
  return <span aria-hidden>{ICONS[type]}</span>;
}
