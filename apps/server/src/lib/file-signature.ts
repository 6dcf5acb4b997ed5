/**
 * File types recognised by their first bytes, never by name or declared type. The content-type
 * strings are those of the contract's `AssetContentType` (a test keeps them in step).
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export type ContentType =
  | ImageType
  | 'image/tiff'
  | 'image/heic'
  | 'image/avif'
  | 'application/zip'
  | 'model/gltf-binary'
  | 'application/vnd.las'
  | 'application/vnd.laszip'
  | 'application/x-ply'
  | 'model/e57'
  | 'text/plain'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/webm'
  | 'video/x-matroska'
  | 'audio/mpeg'
  | 'audio/mp4'
  | 'audio/ogg';

/** How many leading bytes `detectContentType` needs at most. */
export const SIGNATURE_LENGTH = 256;

/** File name extension (with the dot) that stored files of each type get. */
export const EXTENSION_OF: Record<ContentType, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/tiff': '.tif',
  'image/heic': '.heic',
  'image/avif': '.avif',
  'application/zip': '.zip',
  'model/gltf-binary': '.glb',
  'application/vnd.las': '.las',
  'application/vnd.laszip': '.laz',
  'application/x-ply': '.ply',
  'model/e57': '.e57',
  'text/plain': '.txt',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'video/x-matroska': '.mkv',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/ogg': '.ogg',
};

/** Stored keys end in the extension of the type their bytes were recognised as. */
const TYPE_OF_EXTENSION = new Map<string, string>([
  ...Object.entries(EXTENSION_OF).map(([type, extension]) => [extension, type] as [string, string]),
  ['.jpeg', 'image/jpeg'],
]);

/** The content type a stored file is served with, by its key's (or file name's) extension. */
export function contentTypeOfKey(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot > key.lastIndexOf('/') && TYPE_OF_EXTENSION.get(key.slice(dot).toLowerCase())) || 'application/octet-stream';
}

/** What people call each type, for messages ("JPEG, PNG or ZIP"). */
export const LABEL_OF: Record<ContentType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/tiff': 'TIFF',
  'image/heic': 'HEIC',
  'image/avif': 'AVIF',
  'application/zip': 'ZIP',
  'model/gltf-binary': 'GLB',
  'application/vnd.las': 'LAS',
  'application/vnd.laszip': 'LAZ',
  'application/x-ply': 'PLY',
  'model/e57': 'E57',
  'text/plain': 'XYZ/TXT',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'video/x-matroska': 'MKV',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/ogg': 'OGG',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/** The type of a file from its first bytes (give at least SIGNATURE_LENGTH when there are that many). */
export function detectContentType(bytes: Buffer): ContentType | undefined {
  const ascii = (start: number, end: number) => (bytes.length >= end ? bytes.toString('latin1', start, end) : '');
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  // Classic TIFF (42) and BigTIFF (43), little- and big-endian.
  if (['II*\0', 'MM\0*', 'II+\0', 'MM\0+'].includes(ascii(0, 4))) return 'image/tiff';
  // A local file header, or the end record of an empty archive.
  if (ascii(0, 4) === 'PK\x03\x04' || ascii(0, 4) === 'PK\x05\x06') return 'application/zip';
  if (ascii(0, 4) === 'glTF') return 'model/gltf-binary';
  // LAZ is LAS whose point data format byte (offset 104) has its compression bit set.
  if (ascii(0, 4) === 'LASF') return bytes.length > 104 && (bytes[104]! & 0x80) !== 0 ? 'application/vnd.laszip' : 'application/vnd.las';
  if (ascii(0, 4) === 'ply\n' || ascii(0, 5) === 'ply\r\n') return 'application/x-ply';
  if (ascii(0, 8) === 'ASTM-E57') return 'model/e57';
  if (ascii(4, 8) === 'ftyp') return isoMediaType(ascii(8, 12));
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  // MP3: an ID3v2 tag first, or straight away an MPEG audio frame (11 sync bits, layer III).
  if (ascii(0, 3) === 'ID3' || (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe6) === 0xe2)) return 'audio/mpeg';
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(EBML)) {
    // The EBML header names its document type near the start: "webm" or "matroska".
    const header = bytes.toString('latin1', 4, Math.min(bytes.length, 64));
    if (header.includes('webm')) return 'video/webm';
    if (header.includes('matroska')) return 'video/x-matroska';
  }
  if (isPointText(bytes)) return 'text/plain';
  return undefined;
}

/**
 * XYZ/TXT point lists have no signature: plain ASCII whose first full line of numbers holds at least
 * three (a header line of names may come before it).
 */
function isPointText(bytes: Buffer): boolean {
  if (bytes.length === 0 || !/^[\t\n\r\x20-\x7e]*$/.test(bytes.toString('latin1'))) return false;
  const lines = bytes.toString('latin1').split(/\r?\n/).slice(0, -1);
  return lines.some((line) =>
    /^\s*([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?[\s,;]+){2,}[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?([\s,;]+.*)?$/.test(line),
  );
}

/** ISO base media files (MP4, QuickTime, HEIF, AVIF) share `ftyp`; the major brand tells them apart. */
function isoMediaType(brand: string): ContentType | undefined {
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (HEIF_BRANDS.has(brand)) return 'image/heic';
  if (AUDIO_BRANDS.has(brand)) return 'audio/mp4';
  if (/^[\x20-\x7e]{4}$/.test(brand)) return 'video/mp4';
  return undefined;
}

/** The image types avatar and logo uploads accept. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  const type = detectContentType(bytes);
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : undefined;
}
