import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { countryAt, type Countries } from './place-name';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
  countries: GeometryCollection<{ name?: string }>;
}>;
const countries = feature(atlas, atlas.objects.countries) as Countries;

describe('the place name the basemap knows', () => {
  it('names the country a point is in', () => {
    expect(countryAt(countries, 31.2304, 121.4737)).toBe('China');
    expect(countryAt(countries, 48.8566, 2.3522)).toBe('France');
    expect(countryAt(countries, -25.3456, 133.8765)).toBe('Australia');
  });

  it('knows no name at sea', () => {
    expect(countryAt(countries, 0, -30)).toBeNull();
  });
});
