import { AssetContentType } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { contentTypeOfKey, detectContentType, detectImageType, EXTENSION_OF, LABEL_OF, SIGNATURE_LENGTH } from './file-signature.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
/** A signature followed by filler, as the head of a real file would be. */
const head = (...parts: (string | number[])[]) => Buffer.concat([bytes(...parts), Buffer.alloc(SIGNATURE_LENGTH)]);

function lasHeader(pointFormat: number): Buffer {
  const header = Buffer.alloc(227);
  header.write('LASF', 0, 'latin1');
  header[24] = 1; // version 1.2
  header[25] = 2;
  header[104] = pointFormat;
  return header;
}

const ebml = (docType: string) => head([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType);

describe('detectContentType', () => {
  it.each([
    ['image/jpeg', head([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/webp', head('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['image/tiff', head('II*\0')],
    ['image/tiff', head('MM\0*')],
    ['image/tiff', head('II+\0')], // BigTIFF, common for large orthophotos
    ['application/zip', head('PK\x03\x04')],
    ['application/zip', head('PK\x05\x06')],
    ['model/gltf-binary', head('glTF', [2, 0, 0, 0])],
    ['application/vnd.las', lasHeader(3)],
    ['application/vnd.laszip', lasHeader(0x83)],
    ['application/x-ply', head('ply\nformat binary_little_endian 1.0\n')],
    ['application/x-ply', head('ply\r\nformat ascii 1.0\r\n')],
    ['model/e57', head('ASTM-E57', [1, 0, 0, 0])],
    ['video/mp4', head([0, 0, 0, 0x20], 'ftypisom')],
    ['video/mp4', head([0, 0, 0, 0x18], 'ftypmp42')],
    ['video/quicktime', head([0, 0, 0, 0x14], 'ftypqt  ')],
    ['image/heic', head([0, 0, 0, 0x18], 'ftypheic')],
    ['image/avif', head([0, 0, 0, 0x1c], 'ftypavif')],
    ['video/webm', ebml('webm')],
    ['video/x-matroska', ebml('matroska')],
    ['audio/mp4', head([0, 0, 0, 0x20], 'ftypM4A ')],
    ['audio/mpeg', head('ID3', [4, 0, 0, 0, 0, 0, 0])],
    ['audio/mpeg', head([0xff, 0xfb, 0x90, 0x64])], // a bare MPEG-1 layer III frame
    ['audio/ogg', head('OggS', [0, 2])],
    ['text/plain', bytes('X Y Z R G B\n12.5 -3.25 100 255 128 0\n12.6 -3.2 100.1 250 120 0\n1')], // XYZ with a header line, cut mid-line
    ['text/plain', bytes('1,2,3\n4,5,6\n')],
    ['text/plain', bytes('-1.5e3;2;0.25;17\r\n')],
  ])('recognises %s', (type, content) => {
    expect(detectContentType(content)).toBe(type);
  });

  it.each([
    ['text', head('hello world, not a signature')],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e])],
    ['an MPEG layer II frame (not MP3)', head([0xff, 0xfd, 0x90, 0x64])],
    ['an EBML file of another kind', ebml('other')],
    ['"ply" without its line break', head('plyfile')],
    ['a PDF', head('%PDF-1.7')],
    ['text with fewer than three numbers a line', bytes('width 12 height 14\n1 2\n')],
    ['an OBJ model (a point list only by accident of its numbers)', bytes('# comment\nv 1 2 3\n')],
  ])('recognises nothing in %s', (_name, content) => {
    expect(detectContentType(content)).toBeUndefined();
  });

  it('reads only the first bytes: a signature later in the file does not count', () => {
    expect(detectContentType(head('xxxxglTF'))).toBeUndefined();
  });

  it('knows every content type the contract lets assets accept, with an extension and a label', () => {
    const known = new Set(Object.keys(EXTENSION_OF));
    expect(Object.values(AssetContentType).filter((type) => !known.has(type))).toEqual([]);
    expect(Object.keys(LABEL_OF).sort()).toEqual([...known].sort());
  });
});

describe('detectImageType', () => {
  it('accepts only the image types avatars and logos may have', () => {
    expect(detectImageType(head([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
    expect(detectImageType(head('II*\0'))).toBeUndefined();
    expect(detectImageType(head('glTF'))).toBeUndefined();
  });
});

describe('contentTypeOfKey', () => {
  it('serves a stored key by its extension, any case, and anything unknown as bytes', () => {
    expect(contentTypeOfKey('derived/w1/r1/a1/tiles/0/front/0_0.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('covers/x.JPEG')).toBe('image/jpeg');
    expect(contentTypeOfKey('derived/w1/r1/main/model.glb')).toBe('model/gltf-binary');
    expect(contentTypeOfKey('derived/w1/r1/main/octree.bin')).toBe('application/octet-stream');
    expect(contentTypeOfKey('assets/ab/abc')).toBe('application/octet-stream');
    expect(contentTypeOfKey('assets/a.b/abc')).toBe('application/octet-stream');
  });
});
