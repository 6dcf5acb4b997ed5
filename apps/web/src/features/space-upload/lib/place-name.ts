import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The same file the bundled basemap draws (components/maps/bundled-style.ts): fetched once, then cached.
import atlasUrl from 'world-atlas/countries-50m.json?url';

/**
 * The nearest place name the basemap knows (docs/space-upload.md): there is no geocoding service offline, and the
 * bundled basemap (Natural Earth 1:50m) names only countries, in English. So the address line says which country
 * the pin is in, when it is on land, and the person types the rest.
 */

type Atlas = Topology<{ countries: GeometryCollection<{ name?: string }> }>;
export type Countries = FeatureCollection<Geometry, { name?: string }>;

/** Ray casting over one ring: whether (x, y) is inside it. */
function insideRing(ring: readonly Position[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi = 0, yi = 0] = ring[i]!;
    const [xj = 0, yj = 0] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
function insidePolygon(rings: readonly (readonly Position[])[], x: number, y: number): boolean {
  const [outer, ...holes] = rings;
  if (!outer || !insideRing(outer, x, y)) return false;
  return !holes.some((hole) => insideRing(hole, x, y));
}

function contains(feature: Feature<Geometry, unknown>, longitude: number, latitude: number): boolean {
  const { geometry } = feature;
  if (!geometry) return false;
  if (geometry.type === 'Polygon') return insidePolygon(geometry.coordinates, longitude, latitude);
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.some((polygon) => insidePolygon(polygon, longitude, latitude));
  return false;
}

/** The name of the country holding the point; null at sea or where the atlas has no name. */
export function countryAt(countries: Countries, latitude: number, longitude: number): string | null {
  for (const feature of countries.features) {
    if (contains(feature, longitude, latitude)) return feature.properties?.name ?? null;
  }
  return null;
}

let pending: Promise<Countries> | undefined;

/** The atlas's countries as GeoJSON, built once per page load. */
export function loadCountries(): Promise<Countries> {
  pending ??= (async () => {
    const [{ feature }, response] = await Promise.all([import('topojson-client'), fetch(atlasUrl)]);
    if (!response.ok) throw new Error(`The atlas could not be loaded (${response.status})`);
    const atlas = (await response.json()) as Atlas;
    return feature(atlas, atlas.objects.countries) as Countries;
  })().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
