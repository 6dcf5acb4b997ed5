import type { SiteConfig } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { permissionRoutes } from '../../app/route-table';
import { externalUrlOf } from './sidebar-menu';

const site = (pointCloudListUrl: string) => ({ pointCloudListUrl }) as SiteConfig;
const pointCloudList = permissionRoutes.find((route) => route.path === '/pointCloudList');

describe('externalUrlOf', () => {
  it('sends the point-cloud list to the external address the site names (spec 2.4)', () => {
    expect(externalUrlOf(pointCloudList, site('https://slices.example.com/list'))).toBe('https://slices.example.com/list');
  });

  it('keeps the console page when no address is configured, or the site config has not loaded', () => {
    expect(externalUrlOf(pointCloudList, site(''))).toBeUndefined();
    expect(externalUrlOf(pointCloudList, undefined)).toBeUndefined();
  });

  it('leaves other entries alone', () => {
    expect(
      externalUrlOf(
        permissionRoutes.find((route) => route.path === '/userInformation'),
        site('https://slices.example.com/list'),
      ),
    ).toBeUndefined();
  });
});
