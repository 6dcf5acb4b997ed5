import type { Feature, FeatureCollection, MultiLineString, Position } from 'geojson';

/**
 * Natural Earth cuts land at the antimeridian: a ring that crosses it jumps from longitude 180 to -180 between
 * two neighbouring points, and runs along ±180 (and along -90, Antarctica's) where it was cut. Drawn as is, a
 * jump is a line across the whole map (Fiji's at 16.5° S) and a cut is a coastline where there is none.
 */

type Ring = Position[];
/** Land as topojson-client gives it; only its polygons are changed. */
type Land = FeatureCollection | Feature;

/** Longitudes made continuous along each ring (a jump of over 180° becomes a step past ±180), so a ring that crosses the antimeridian is drawn once, whole. */
export function unwrapRings<T extends Land>(land: T): T {
  return mapPolygons(land, (rings) => rings.map(unwrapRing));
}

/** Every ring's outline, without the edges that only mark where the data was cut, and continuous in longitude. */
export function coastlines(land: Land): Feature<MultiLineString> {
  const lines: Position[][] = [];
  for (const rings of polygonsOf(land)) {
    for (const ring of rings) {
      let line: Position[] = [];
      const unwrapped = unwrapRing(ring);
      for (let index = 1; index < ring.length; index += 1) {
        if (isCutEdge(ring[index - 1]!, ring[index]!)) {
          if (line.length > 1) lines.push(line);
          line = [];
          continue;
        }
        if (line.length === 0) line.push(unwrapped[index - 1]!);
        line.push(unwrapped[index]!);
      }
      if (line.length > 1) lines.push(line);
    }
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } };
}

const ON_ANTIMERIDIAN = 179.999;
const ON_SOUTH_POLE = -89.999;

function isCutEdge([x0, y0]: Position, [x1, y1]: Position): boolean {
  const alongAntimeridian = Math.abs(x0!) >= ON_ANTIMERIDIAN && Math.abs(x1!) >= ON_ANTIMERIDIAN;
  return alongAntimeridian || (y0! <= ON_SOUTH_POLE && y1! <= ON_SOUTH_POLE);
}

function unwrapRing(ring: Ring): Ring {
  let shift = 0;
  return ring.map((point, index) => {
    if (index > 0) {
      const step = point[0]! - ring[index - 1]![0]!;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return shift === 0 ? point : [point[0]! + shift, ...point.slice(1)];
  });
}

function polygonsOf(land: Land): Ring[][] {
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  return features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [],
  );
}

function mapPolygons<T extends Land>(land: T, change: (rings: Ring[]) => Ring[]): T {
  const feature = (item: Feature): Feature => {
    const { geometry } = item;
    if (geometry.type === 'Polygon') return { ...item, geometry: { ...geometry, coordinates: change(geometry.coordinates) } };
    if (geometry.type === 'MultiPolygon') return { ...item, geometry: { ...geometry, coordinates: geometry.coordinates.map(change) } };
    return item;
  };
  return (land.type === 'FeatureCollection' ? { ...land, features: land.features.map(feature) } : feature(land)) as T;
}
