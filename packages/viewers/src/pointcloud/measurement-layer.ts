import type { Measurement, MeasurementKind, Vec3 } from '@spatia/contract';
import * as THREE from 'three';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { formatMeasurement, heightDifference, measurementValue } from './measurement-math';

export interface DraftMeasurement {
  kind: MeasurementKind;
  /** Source coordinates. */
  points: Vec3[];
}

const COLORS: Record<MeasurementKind, number> = { distance: 0xffd54f, area: 0x4fc3f7, height: 0xff8a65 };

/**
 * The measurements drawn in the scene: lines (always on top of the cloud), vertex dots and an HTML label
 * with the value. Rebuilt whole on every change: there are at most a few hundred.
 */
export class MeasurementLayer {
  readonly group = new THREE.Group();
  private readonly dotMaterial = new THREE.PointsMaterial({
    size: 9,
    sizeAttenuation: false,
    depthTest: false,
    transparent: true,
    vertexColors: false,
  });

  /** `origin`: cube.min; the scene is cube-local. */
  constructor(private readonly origin: Vec3) {
    this.group.renderOrder = 10;
  }

  private local(point: Vec3): THREE.Vector3 {
    return new THREE.Vector3(point[0] - this.origin[0], point[1] - this.origin[1], point[2] - this.origin[2]);
  }

  update(measurements: readonly Measurement[], draft: DraftMeasurement | null, labels: Map<string, string>): void {
    this.clear();
    for (const measurement of measurements) this.add(measurement.kind, measurement.points, labels.get(measurement.id) ?? '', false);
    if (draft && draft.points.length > 0) this.add(draft.kind, draft.points, '', true);
  }

  private add(kind: MeasurementKind, points: readonly Vec3[], title: string, draft: boolean): void {
    const color = COLORS[kind];
    const lineMaterial = new THREE.LineBasicMaterial({ color, depthTest: false, transparent: true, opacity: draft ? 0.75 : 1 });
    const vertices = points.map((point) => this.local(point));
    const addLine = (line: THREE.Vector3[], material = lineMaterial, closed = false) => {
      const geometry = new THREE.BufferGeometry().setFromPoints(line);
      const object = closed ? new THREE.LineLoop(geometry, material) : new THREE.Line(geometry, material);
      object.renderOrder = 10;
      this.group.add(object);
    };
    if (vertices.length >= 2) {
      if (kind === 'height') {
        const { corner } = heightDifference(points[0]!, points[1]!);
        const cornerLocal = this.local(corner);
        const helper = new THREE.LineBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true, opacity: 0.6 });
        const [low, high] = points[0]![2] <= points[1]![2] ? [vertices[0]!, vertices[1]!] : [vertices[1]!, vertices[0]!];
        addLine([high, cornerLocal]); // the vertical: the measured height
        addLine([low, cornerLocal], helper); // the horizontal helper
        addLine([low, high], helper);
      } else {
        addLine(vertices, lineMaterial, kind === 'area' && vertices.length >= 3);
      }
    }
    const dots = new THREE.Points(new THREE.BufferGeometry().setFromPoints(vertices), this.dotMaterial.clone());
    dots.material.color.set(color);
    dots.renderOrder = 11;
    this.group.add(dots);

    const enough = kind === 'area' ? points.length >= 3 : points.length >= 2;
    if (!enough) return;
    const element = document.createElement('div');
    element.className = `s3d-pc-label s3d-pc-label--${kind}${draft ? ' s3d-pc-label--draft' : ''}`;
    const value = formatMeasurement(kind, measurementValue(kind, points));
    element.textContent = title ? `${title}: ${value}` : value;
    const label = new CSS2DObject(element);
    label.position.copy(
      labelAnchor(
        kind,
        vertices,
        points.length >= 2 && kind === 'height' ? this.local(heightDifference(points[0]!, points[1]!).corner) : null,
      ),
    );
    this.group.add(label);
  }

  clear(): void {
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      if (child instanceof CSS2DObject) {
        child.element.remove();
        continue;
      }
      const drawable = child as THREE.Line | THREE.Points;
      drawable.geometry.dispose();
      (drawable.material as THREE.Material).dispose();
    }
  }

  dispose(): void {
    this.clear();
    this.dotMaterial.dispose();
  }
}

/** Distance: the middle of the polyline's middle segment; area: the vertices' mean; height: the middle of the vertical. */
function labelAnchor(kind: MeasurementKind, vertices: THREE.Vector3[], corner: THREE.Vector3 | null): THREE.Vector3 {
  if (kind === 'height' && corner) {
    const high = vertices[0]!.z >= vertices[1]!.z ? vertices[0]! : vertices[1]!;
    return high.clone().add(corner).multiplyScalar(0.5);
  }
  if (kind === 'area') {
    const sum = new THREE.Vector3();
    for (const vertex of vertices) sum.add(vertex);
    return sum.multiplyScalar(1 / vertices.length);
  }
  const middle = Math.floor((vertices.length - 1) / 2);
  return vertices[middle]!.clone()
    .add(vertices[middle + 1]!)
    .multiplyScalar(0.5);
}
