import type { StyleSpecification } from 'maplibre-gl';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The atlas is an asset of its own (about 240 kB gzip), fetched only by a page that draws a map.
import atlasUrl from 'world-atlas/countries-50m.json?url';
import { coastlines, unwrapRings } from './antimeridian';

export const NATURAL_EARTH_ATTRIBUTION = '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a>';

/** The colours of the bundled basemap: a calm sea, warm land, quiet borders. */
export const BASEMAP_COLORS = {
  ocean: '#cfe3f3',
  land: '#f4f1ea',
  coast: '#a9c3d8',
  border: '#b9ad9b',
} as const;

/** The bundled basemap draws nothing finer than Natural Earth's 1:50m data. */
export const BUNDLED_MAX_ZOOM = 10;

type Atlas = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let pending: Promise<StyleSpecification> | undefined;

/**
 * The basemap shipped in the build: Natural Earth's land and country borders (world-atlas, 1:50m),
 * turned into GeoJSON here. It has no symbol layer, so it needs no glyphs: nothing is fetched from the
 * internet. Built once per page load.
 */
export function bundledMapStyle(): Promise<StyleSpecification> {
  pending ??= buildStyle().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function buildStyle(): Promise<StyleSpecification> {
  const [{ feature, mesh }, response] = await Promise.all([import('topojson-client'), fetch(atlasUrl)]);
  if (!response.ok) throw new Error(`The basemap could not be loaded (${response.status})`);
  const atlas = (await response.json()) as Atlas;
  const land = feature(atlas, atlas.objects.land);
  const borders = mesh(atlas, atlas.objects.countries, (one, other) => one !== other);
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: unwrapRings(land), attribution: NATURAL_EARTH_ATTRIBUTION, maxzoom: BUNDLED_MAX_ZOOM },
      coast: { type: 'geojson', data: coastlines(land), maxzoom: BUNDLED_MAX_ZOOM },
      borders: { type: 'geojson', data: borders, maxzoom: BUNDLED_MAX_ZOOM },
    },
    layers: [
      { id: 'ocean', type: 'background', paint: { 'background-color': BASEMAP_COLORS.ocean } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLORS.land } },
      { id: 'coast', type: 'line', source: 'coast', paint: { 'line-color': BASEMAP_COLORS.coast, 'line-width': 0.8 } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': BASEMAP_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}
