import { describe, expect, it } from 'vitest';
import { formatCoordinates, returnWithPlace, safeReturnPath, startingPoint } from './return-path';

describe('the return path of /chooseAddress', () => {
  it('takes a path of this site', () => {
    expect(safeReturnPath('/space/new?uid=u1')).toBe('/space/new?uid=u1');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of [
      null,
      '',
      'space/new',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\nb',
    ])
      expect(safeReturnPath(raw)).toBeNull();
  });

  it('adds lat, lng and address and keeps the query and fragment of its own', () => {
    const url = returnWithPlace('/space/new?uid=u1&lat=1#top', { latitude: 31.23041234, longitude: 121.4737, address: '上海 & 黄浦' });
    expect(url.startsWith('/space/new?')).toBe(true);
    expect(url.endsWith('#top')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1, url.indexOf('#')));
    expect(query.get('uid')).toBe('u1');
    expect(query.get('lat')).toBe('31.230412');
    expect(query.get('lng')).toBe('121.4737');
    expect(query.get('address')).toBe('上海 & 黄浦');
    expect(query.getAll('lat')).toHaveLength(1);
  });

  it('reads a starting point only when both numbers are in range', () => {
    expect(startingPoint('31.2', '121.5')).toEqual({ latitude: 31.2, longitude: 121.5 });
    expect(startingPoint('31.2', null)).toBeNull();
    expect(startingPoint('91', '0')).toBeNull();
    expect(startingPoint('x', '0')).toBeNull();
    expect(startingPoint('', '')).toBeNull();
  });

  it('writes coordinates with their hemispheres', () => {
    expect(formatCoordinates({ latitude: -33.8688, longitude: 151.2093 })).toBe('33.8688° S, 151.2093° E');
  });
});
