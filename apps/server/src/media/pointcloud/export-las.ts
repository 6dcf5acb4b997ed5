import { once } from 'node:events';
import { decodePointCloudNode, type PointCloudManifest, type Vec3 } from '@spatia/contract';
import { encodeLas12Header, lasRecordLength, writeLasRecord } from './las-writer.js';

/**
 * Streams a processed cloud as a LAS 1.2 file: point format 2 when it has colours (8-bit colours
 * widened to 16), 0 otherwise, the manifest's scale and offset, the exact count and the bounds the
 * quantized points take. Reads and writes one node at a time and waits for `output` to drain.
 */
export async function exportPointCloudLas(
  manifest: PointCloudManifest,
  readRange: (offset: number, length: number) => Promise<Buffer>,
  output: NodeJS.WritableStream,
): Promise<void> {
  const { scale, offset, cube, attributes } = manifest;
  const pointFormat = attributes.rgb ? 2 : 0;
  const recordLength = lasRecordLength(pointFormat);
  const quantize = (value: number, axis: number) => Math.round((value - offset[axis]!) / scale[axis]!);
  const snap = (value: number, axis: number) => offset[axis]! + quantize(value, axis) * scale[axis]!;
  const bounds = {
    min: manifest.bounds.min.map(snap) as Vec3,
    max: manifest.bounds.max.map(snap) as Vec3,
  };
  await write(output, encodeLas12Header({ pointFormat, points: manifest.points, scale, offset, bounds }));
  for (const node of manifest.nodes) {
    if (node.points === 0) continue;
    const bytes = await readRange(node.offset, node.byteSize);
    // The decoder's typed arrays need an aligned buffer of their own.
    const own = new Uint8Array(bytes.length);
    own.set(bytes);
    const { positions, colors, intensities } = decodePointCloudNode(own.buffer, node.points, attributes);
    const records = Buffer.allocUnsafe(node.points * recordLength);
    const view = new DataView(records.buffer, records.byteOffset, records.length);
    const rgb: [number, number, number] = [0, 0, 0];
    for (let point = 0; point < node.points; point += 1) {
      if (colors) {
        rgb[0] = colors[point * 4]! * 257;
        rgb[1] = colors[point * 4 + 1]! * 257;
        rgb[2] = colors[point * 4 + 2]! * 257;
      }
      writeLasRecord(
        view,
        point * recordLength,
        quantize(cube.min[0] + positions[point * 3]!, 0),
        quantize(cube.min[1] + positions[point * 3 + 1]!, 1),
        quantize(cube.min[2] + positions[point * 3 + 2]!, 2),
        intensities ? intensities[point]! : 0,
        colors ? rgb : null,
      );
    }
    await write(output, records);
  }
}

async function write(output: NodeJS.WritableStream, bytes: Buffer): Promise<void> {
  if (!output.write(bytes)) await once(output as NodeJS.EventEmitter, 'drain');
}
