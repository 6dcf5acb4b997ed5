import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-50m.json';
import { coastlines, unwrapRings } from './antimeridian';

const land = feature(
  atlas as unknown as Topology<{ land: GeometryCollection }>,
  (atlas as unknown as Topology<{ land: GeometryCollection }>).objects.land,
);

function ringsOf(collection: FeatureCollection | Feature): Position[][] {
  const features: Feature[] = collection.type === 'FeatureCollection' ? collection.features : [collection];
  return features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? geometry.coordinates : geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : [],
  );
}
const widestStep = (line: Position[]) => Math.max(...line.slice(1).map((point, index) => Math.abs(point[0]! - line[index]![0]!)));

describe('the bundled land at the antimeridian', () => {
  it('has rings that jump across the map as Natural Earth gives them', () => {
    expect(Math.max(...ringsOf(land).map(widestStep))).toBeGreaterThan(300);
  });

  it('draws every ring continuous once unwrapped, Fiji as one island at 180°', () => {
    const rings = ringsOf(unwrapRings(land));
    expect(Math.max(...rings.map(widestStep))).toBeLessThan(180);
    const fiji = rings.filter((ring) => ring.some(([x, y]) => Math.abs(x!) >= 179.9 && y! > -17.2 && y! < -15.5));
    expect(fiji.length).toBeGreaterThan(0);
    for (const ring of fiji) {
      const longitudes = ring.map(([x]) => x!);
      expect(Math.max(...longitudes) - Math.min(...longitudes)).toBeLessThan(5);
    }
  });

  it('keeps no coastline along the cuts or across the map', () => {
    const { coordinates } = coastlines(land).geometry;
    expect(coordinates.length).toBeGreaterThan(1000);
    expect(Math.max(...coordinates.map(widestStep))).toBeLessThan(180);
    const alongCut = coordinates.some((line) =>
      line.slice(1).some((point, index) => {
        const previous = line[index]!;
        return Math.abs(Math.abs(point[0]!) - 180) < 0.001 && point[0] === previous[0] && point[1] !== previous[1];
      }),
    );
    expect(alongCut).toBe(false);
  });

  it('splits a ring where it was cut and unwraps what follows a jump', () => {
    const square: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [179, -16],
            [180, -16],
            [180, -17],
            [179, -17],
            [179, -16],
          ],
          [
            [-180, 10],
            [-179, 10],
            [-179, 11],
            [179.5, 11],
            [-180, 10],
          ],
        ],
      },
    };
    expect(coastlines(square).geometry.coordinates).toEqual([
      [
        [179, -16],
        [180, -16],
      ],
      [
        [180, -17],
        [179, -17],
        [179, -16],
      ],
      [
        [-180, 10],
        [-179, 10],
        [-179, 11],
        [-180.5, 11],
        [-180, 10],
      ],
    ]);
  });
});
