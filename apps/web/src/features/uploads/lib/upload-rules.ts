import { AssetContentType, assetRule, isWorkInReview, type AssetKind, type WorkStatus, type WorkType } from '@spatia/contract';

/**
 * File-name endings of each content type the contract names. Browsers give no type for many of
 * these files (.las, .e57, .ply, often .glb), so a file is judged by its type or its ending here;
 * the server decides by the bytes.
 */
type ContentTypeName = (typeof AssetContentType)[keyof typeof AssetContentType];

const EXTENSIONS: Record<ContentTypeName, readonly string[]> = {
  [AssetContentType.jpeg]: ['.jpg', '.jpeg'],
  [AssetContentType.png]: ['.png'],
  [AssetContentType.webp]: ['.webp'],
  [AssetContentType.tiff]: ['.tif', '.tiff'],
  [AssetContentType.zip]: ['.zip'],
  [AssetContentType.glb]: ['.glb'],
  [AssetContentType.las]: ['.las'],
  [AssetContentType.laz]: ['.laz'],
  [AssetContentType.ply]: ['.ply'],
  [AssetContentType.e57]: ['.e57'],
  [AssetContentType.xyz]: ['.xyz', '.txt', '.pts', '.csv'],
  [AssetContentType.mp4]: ['.mp4', '.m4v'],
  [AssetContentType.quicktime]: ['.mov'],
  [AssetContentType.webm]: ['.webm'],
  [AssetContentType.mp3]: ['.mp3'],
  [AssetContentType.m4a]: ['.m4a'],
  [AssetContentType.ogg]: ['.ogg', '.oga'],
};

/** What people call each type, in the order the rules list them. */
const LABELS: Record<ContentTypeName, string> = {
  [AssetContentType.jpeg]: 'JPG',
  [AssetContentType.png]: 'PNG',
  [AssetContentType.webp]: 'WebP',
  [AssetContentType.tiff]: 'TIFF',
  [AssetContentType.zip]: 'ZIP',
  [AssetContentType.glb]: 'GLB',
  [AssetContentType.las]: 'LAS',
  [AssetContentType.laz]: 'LAZ',
  [AssetContentType.ply]: 'PLY',
  [AssetContentType.e57]: 'E57',
  [AssetContentType.xyz]: 'XYZ/TXT',
  [AssetContentType.mp4]: 'MP4',
  [AssetContentType.quicktime]: 'MOV',
  [AssetContentType.webm]: 'WebM',
  [AssetContentType.mp3]: 'MP3',
  [AssetContentType.m4a]: 'M4A',
  [AssetContentType.ogg]: 'OGG',
};

/** The tables are complete over the contract's types (the compiler checks); files name any type. */
const extensionsOf = (type: string): readonly string[] => (EXTENSIONS as Partial<Record<string, readonly string[]>>)[type] ?? [];
const labelOf = (type: string): string => (LABELS as Partial<Record<string, string>>)[type] ?? type;

export interface UploadRule {
  accept: readonly string[];
  maxBytes: number;
}

export function uploadRuleOf(kind: AssetKind, workType: WorkType): UploadRule {
  return assetRule(kind, workType);
}

/** "JPG, PNG, WebP, ZIP" for the hint above a drop zone. */
export function describeAccept(accept: readonly string[]): string {
  return accept.map(labelOf).join(', ');
}

/** The file input's `accept`: the types and their endings (a type alone hides .las files in pickers). */
export function inputAccept(accept: readonly string[]): string {
  return accept.flatMap((type) => [type, ...extensionsOf(type)]).join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export type FileProblem = 'empty' | 'tooLarge' | 'wrongType';

/** Checked before asking for a grant, so a person hears at once what the server would refuse. */
export function findFileProblem(file: Pick<File, 'name' | 'size' | 'type'>, rule: UploadRule): FileProblem | null {
  if (file.size <= 0) return 'empty';
  if (file.size > rule.maxBytes) return 'tooLarge';
  const extension = extensionOf(file.name);
  const typeOk = file.type !== '' && rule.accept.includes(file.type);
  const extensionOk = extension !== '' && rule.accept.some((type) => extensionsOf(type).includes(extension));
  return typeOk || extensionOk ? null : 'wrongType';
}

/** Kinds whose change is a change of what reviewers see; the server refuses them during review. */
const REVIEWED_KINDS: readonly AssetKind[] = ['origin', 'cover'];

export function lockedAssetKinds(status: WorkStatus): readonly AssetKind[] {
  return isWorkInReview(status) ? REVIEWED_KINDS : [];
}
