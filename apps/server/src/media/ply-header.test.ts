import { describe, expect, it } from 'vitest';
import { MediaError } from './media-error.js';
import { parsePlyHeader, PLY_SCALARS } from './ply-header.js';

const bytesOf = (text: string) => Buffer.from(text, 'latin1');

function refusalOf(text: string): MediaError {
  try {
    parsePlyHeader(bytesOf(text), 'scan.ply');
  } catch (error) {
    expect(error).toBeInstanceOf(MediaError);
    return error as MediaError;
  }
  throw new Error('the header was accepted');
}

describe('parsePlyHeader', () => {
  it('reads the format, the elements with their properties and where the body starts', () => {
    const head = [
      'ply',
      'format binary_little_endian 1.0',
      'comment made by a scanner',
      'element vertex 3',
      'property float32 x',
      'property float y',
      'property double z',
      'property uint8 red',
      'element face 1',
      'property list uchar int vertex_indices',
      'end_header',
      '',
    ].join('\r\n');
    const header = parsePlyHeader(Buffer.concat([bytesOf(head), Buffer.alloc(40)]), 'scan.ply');
    expect(header.format).toBe('binary_little_endian');
    expect(header.bodyOffset).toBe(head.length);
    expect(header.elements).toEqual([
      {
        name: 'vertex',
        count: 3,
        properties: [
          { name: 'x', type: 'float', listCountType: null },
          { name: 'y', type: 'float', listCountType: null },
          { name: 'z', type: 'double', listCountType: null },
          { name: 'red', type: 'uchar', listCountType: null },
        ],
      },
      { name: 'face', count: 1, properties: [{ name: 'vertex_indices', type: 'int', listCountType: 'uchar' }] },
    ]);
  });

  it('refuses a header it cannot read as a damaged file', () => {
    const cases = [
      'ply\nformat ascii 1.0\nelement vertex 10\n',
      'ply\nelement vertex 1\nproperty float x\nend_header\n',
      'ply\nformat ascii 1.0\nproperty float x\nelement vertex 1\nend_header\n',
      'ply\nformat ascii 1.0\nelement vertex -1\nend_header\n',
      'ply\nformat ascii 1.0\nelement vertex 1\nproperty quaternion x\nend_header\n',
      'ply\nformat ascii 1.0\nelement vertex 1\nproperty constructor x\nend_header\n',
      'ply\nformat ascii 1.0\nelement face 1\nproperty list uchar vertex_indices\nend_header\n',
    ];
    for (const text of cases) expect(refusalOf(text).reason, text).toBe('damagedFile');
  });

  it('refuses an unknown format as unsupported', () => {
    expect(refusalOf('ply\nformat binary_middle_endian 1.0\nend_header\n').reason).toBe('unsupportedFormat');
  });
});

describe('PLY_SCALARS', () => {
  it('reads each type in either byte order', () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setInt16(0, -2, true);
    expect(PLY_SCALARS.short.get(view, 0, true)).toBe(-2);
    view.setFloat64(0, 1.5, false);
    expect(PLY_SCALARS.double.get(view, 0, false)).toBe(1.5);
    expect(Object.values(PLY_SCALARS).map((scalar) => scalar.bytes)).toEqual([1, 1, 2, 2, 4, 4, 4, 8]);
  });
});
