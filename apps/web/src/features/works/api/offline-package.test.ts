import { describe, expect, it } from 'vitest';
import { fileNameOf } from './offline-package';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, which keeps Chinese names', () => {
    expect(fileNameOf(`attachment; filename="___.zip"; filename*=UTF-8''${encodeURIComponent('离线包.zip')}`, 'x.zip')).toBe('离线包.zip');
  });

  it('takes the plain name, or the fallback when there is none', () => {
    expect(fileNameOf('attachment; filename="tour.zip"', 'x.zip')).toBe('tour.zip');
    expect(fileNameOf(undefined, 'x.zip')).toBe('x.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.zip')).toBe('x.zip');
  });
});
