import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeOf, ModelOptimisation } from './model-optimisation';

const stats = { triangles: 4158, vertices: 3034, textureBytes: 349525, fileBytes: 154308, textures: 1, maxTextureSize: 256 };

describe('ModelOptimisation', () => {
  it('lists each measure uploaded and optimised, with the change', () => {
    render(
      <ModelOptimisation
        manifest={{
          kind: 'model',
          sourceFormat: 'glb',
          before: stats,
          after: { ...stats, fileBytes: 46032 },
          bounds: { min: [0, 0, 0], max: [1, 1, 1] },
          geometryCompression: 'meshopt',
          textureFormats: ['webp'],
          poster: true,
        }}
      />,
    );
    const fileRow = screen.getAllByRole('row').find((row) => /File size|文件大小/.test(row.textContent ?? ''));
    expect(fileRow?.textContent).toContain('−70 %');
  });
});

describe('changeOf', () => {
  it('says how much a measure shrank or grew, in whole percent', () => {
    expect(changeOf(154_308, 46_032)).toBe('−70 %');
    expect(changeOf(495, 2244)).toBe('+353 %');
  });

  it('says nothing for an unchanged measure or one that was zero', () => {
    expect(changeOf(4158, 4158)).toBe('—');
    expect(changeOf(0, 0)).toBe('—');
  });
});
