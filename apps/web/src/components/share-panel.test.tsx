import { act, cleanup, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { WorkType } from '@spatia/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { SharePanel } from './share-panel';

afterEach(() => cleanup());

async function embedHint(language: 'zh' | 'en', kind: WorkType, strings: 'works.share' | 'details.share'): Promise<string> {
  await act(() => i18n.changeLanguage(language));
  render(
    <AntdApp>
      <SharePanel url="https://spatia.example.com/details/w1" embedCode="<iframe></iframe>" kind={kind} strings={strings} />
    </AntdApp>,
  );
  return screen.getByTestId('share-embed-hint').textContent ?? '';
}

describe('SharePanel', () => {
  it.each([
    ['en', 'panorama', 'details.share', /the tour/],
    ['en', 'model3d', 'details.share', /the 3D model/],
    ['en', 'pointcloud', 'details.share', /the point cloud/],
    ['zh', 'panorama', 'details.share', /漫游/],
    ['zh', 'model3d', 'details.share', /三维模型/],
    ['zh', 'pointcloud', 'details.share', /点云/],
    ['en', 'model3d', 'works.share', /the 3D model/],
    ['zh', 'pointcloud', 'works.share', /点云/],
  ] as const)('names what the embed code shows (%s, %s, %s)', async (language, kind, strings, named) => {
    const hint = await embedHint(language, kind, strings);
    expect(hint).toMatch(named);
    if (kind !== 'panorama') expect(hint).not.toMatch(/tour|漫游/);
  });
});
