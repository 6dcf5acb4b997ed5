/**
 * China's provinces as an offline base map (components/china-map-picker.tsx): the boundaries come from
 * echarts 4's `map/json/china.json` (a dependency, never copied here), a GeoJSON whose coordinates are
 * packed as text. This file unpacks it, projects it for an SVG, and answers which province holds a point.
 */

/** A ring of [longitude, latitude] pairs. */
export type Ring = readonly (readonly [number, number])[];

export interface ProvinceShape {
  /** GB/T 2260 code of the province, e.g. '110000' for Beijing. */
  code: string;
  /** Its Chinese name as the data names it ('北京'). */
  name: string;
  /** Outer rings and holes alike; the even-odd rule decides what is inside. */
  rings: readonly Ring[];
  /** [west, south, east, north] in degrees. */
  bounds: readonly [number, number, number, number];
}

/** The packed GeoJSON as echarts 4 ships it. */
export interface PackedChinaGeo {
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  features: readonly {
    id?: string;
    properties: { id?: string; name: string };
    geometry:
      | { type: 'Polygon'; coordinates: readonly string[]; encodeOffsets: readonly (readonly [number, number])[] }
      | {
          type: 'MultiPolygon';
          coordinates: readonly (readonly string[])[];
          encodeOffsets: readonly (readonly (readonly [number, number])[])[];
        };
  }[];
}

/**
 * One packed ring: each pair of characters is a zig-zag encoded step (char code - 64) from the previous
 * point, starting at `offset`; values are degrees times `scale`.
 */
export function unpackRing(text: string, offset: readonly [number, number], scale: number): [number, number][] {
  const points: [number, number][] = [];
  let x = offset[0];
  let y = offset[1];
  for (let index = 0; index + 1 < text.length; index += 2) {
    x += unzigzag(text.charCodeAt(index) - 64);
    y += unzigzag(text.charCodeAt(index + 1) - 64);
    points.push([x / scale, y / scale]);
  }
  return points;
}

function unzigzag(value: number): number {
  return (value >> 1) ^ -(value & 1);
}

/** Every province of the packed file, unpacked, with its bounds. */
export function unpackChinaGeo(geo: PackedChinaGeo): ProvinceShape[] {
  const scale = geo.UTF8Scale ?? 1024;
  return geo.features.map((feature) => {
    const { geometry } = feature;
    const rings: Ring[] = [];
    if (geometry.type === 'Polygon') {
      geometry.coordinates.forEach((text, index) => rings.push(unpackRing(text, geometry.encodeOffsets[index] ?? [0, 0], scale)));
    } else {
      geometry.coordinates.forEach((polygon, index) =>
        polygon.forEach((text, ringIndex) => rings.push(unpackRing(text, geometry.encodeOffsets[index]?.[ringIndex] ?? [0, 0], scale))),
      );
    }
    return { code: feature.properties.id ?? feature.id ?? '', name: feature.properties.name, rings, bounds: boundsOf(rings) };
  });
}

export function boundsOf(rings: readonly Ring[]): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}

/** Whether a point lies inside the rings (even-odd rule, so holes count as outside). */
export function containsPoint(rings: readonly Ring[], lng: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
      const [x1, y1] = ring[index]!;
      const [x2, y2] = ring[previous]!;
      if (y1 > lat !== y2 > lat && lng < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) inside = !inside;
    }
  }
  return inside;
}

/** The province holding the point, or null (the sea, abroad). */
export function provinceAt(provinces: readonly ProvinceShape[], lng: number, lat: number): ProvinceShape | null {
  for (const province of provinces) {
    const [west, south, east, north] = province.bounds;
    if (lng < west || lng > east || lat < south || lat > north) continue;
    if (containsPoint(province.rings, lng, lat)) return province;
  }
  return null;
}

/**
 * A plain equirectangular projection with longitudes shortened by the cosine of a middle latitude, so
 * that China keeps its familiar shape without a projection library. Units: degrees of latitude.
 */
export interface Projection {
  toXY: (lng: number, lat: number) => [number, number];
  toLngLat: (x: number, y: number) => [number, number];
}

export function projection(middleLatitude = 35): Projection {
  const factor = Math.cos((middleLatitude * Math.PI) / 180);
  return {
    toXY: (lng, lat) => [lng * factor, -lat],
    toLngLat: (x, y) => [x / factor, -y],
  };
}

/** The SVG path of some rings, rounded to a hundredth of a unit (about a kilometre). */
export function ringsToPath(rings: readonly Ring[], project: Projection['toXY']): string {
  return rings
    .map((ring) => {
      const points = ring.map(([lng, lat]) =>
        project(lng, lat)
          .map((value) => Math.round(value * 100) / 100)
          .join(','),
      );
      return `M${points.join('L')}Z`;
    })
    .join('');
}

/** The SVG view box `[x, y, width, height]` of a [west, south, east, north] box, with a margin in degrees. */
export function viewBoxOf(bounds: readonly [number, number, number, number], project: Projection['toXY'], margin = 0.5): string {
  const [west, south, east, north] = bounds;
  const [x1, y1] = project(west - margin, north + margin);
  const [x2, y2] = project(east + margin, south - margin);
  return [x1, y1, x2 - x1, y2 - y1].map((value) => Math.round(value * 100) / 100).join(' ');
}
