import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { assetKindsOf, assetRule, SINGLE_ASSET_KINDS, type AssetKind, type AssetUploadGrant, type WorkDetail } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { renderImage } from '../../lib/image-intake.js';
import { hashToken } from '../auth/index.js';
import { transition, type Actor } from './work-access.js';
import type { WorksRepository } from './works.repository.js';
import type { WorkUploadGrantsRepository } from './work-upload-grants.repository.js';
import type { WorksService } from './works.service.js';
import { contentEdit } from './works.service.js';

/**
 * A grant lives long enough for a multi-gigabyte origin on a slow line to be paused and resumed,
 * page reloads included; it still works for one upload of one asset of one work only.
 */
export const WORK_GRANT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const TUS_ENDPOINT = '/api/tus';

/** Assets whose change is a change of what reviewers approved. */
const REVIEWED_KINDS: readonly AssetKind[] = ['origin', 'cover'];
/** A cover comes from a photo or a render the owner chose, larger than a profile picture may be. */
const COVER_MAX_INPUT_PIXELS = 100_000_000;

export interface UploadedFile {
  key: string;
  size: number;
  contentType: string;
  sha256: string;
  fileName?: string;
}

export interface ResolvedGrant {
  grantId: number;
  userId: number;
  maxBytes: number;
  accept: string[];
  purpose: string;
}

/** Upload grants for a work's assets, and attaching what tus received to the work. */
export class WorkAssetsService {
  constructor(
    private readonly works: WorksService,
    private readonly repository: WorksRepository,
    private readonly grants: WorkUploadGrantsRepository,
    private readonly storage: StorageDriver,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async issueGrant(actor: Actor, uid: string, kind: AssetKind): Promise<AssetUploadGrant> {
    const work = await this.works.findManageable(actor, uid);
    if (!assetKindsOf(work.type).includes(kind)) throw fail('notAPanorama');
    if (REVIEWED_KINDS.includes(kind)) transition(work.status, 'edit');
    const rule = assetRule(kind, work.type);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + WORK_GRANT_LIFETIME_MS;
    await this.grants.insert({
      tokenHash: hashToken(token),
      userId: actor.id,
      workId: work.id,
      kind,
      maxBytes: rule.maxBytes,
      accept: rule.accept,
      expiresAt: new Date(expiresAt),
    });
    return { endpoint: TUS_ENDPOINT, grant: token, kind, accept: rule.accept, maxBytes: rule.maxBytes, expiresAt };
  }

  /** What the tus endpoint asks before accepting an upload: the grant behind a token, if it is usable. */
  async resolveGrant(token: string): Promise<ResolvedGrant | undefined> {
    const grant = await this.grants.findUsable(hashToken(token), new Date(this.now()));
    if (!grant) return undefined;
    return { grantId: grant.id, userId: grant.userId, maxBytes: grant.maxBytes, accept: grant.accept, purpose: `work-${grant.kind}` };
  }

  /**
   * Called once the bytes are stored under their content address. The grant is used up here; a
   * work deleted or sent for review meanwhile refuses the file.
   */
  async attach(grantId: number, file: UploadedFile): Promise<void> {
    const grant = await this.grants.findById(grantId);
    if (!grant || !(await this.grants.claim(grant.id, new Date(this.now())))) throw fail('uploadGrantInvalid');
    const coverKey = grant.kind === 'cover' ? await this.renderCover(file) : undefined;
    await this.repository.db.transaction(async (tx) => {
      const work = await this.repository.lockById(grant.workId, tx);
      if (!work || work.deletedAt) throw fail('notFound');
      if (SINGLE_ASSET_KINDS.includes(grant.kind)) await this.repository.deleteAssets(work.id, [grant.kind], tx);
      await this.repository.insertAsset(
        {
          workId: work.id,
          kind: grant.kind,
          storageKey: file.key,
          fileName: file.fileName ?? '',
          size: file.size,
          contentType: file.contentType,
          sha256: file.sha256,
        },
        tx,
      );
      const changes = REVIEWED_KINDS.includes(grant.kind) ? contentEdit(work) : {};
      if (changes.status !== undefined && changes.status !== work.status) await this.works.leftMarket(tx, [work.id], 'edited');
      await this.repository.update(work.id, { ...changes, ...(coverKey ? { coverKey } : {}) }, tx);
    });
  }

  async deleteAsset(actor: Actor, uid: string, assetId: number): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      const asset = await this.repository.findAsset(work.id, assetId, tx);
      if (!asset) throw fail('notFound');
      const reviewed = REVIEWED_KINDS.includes(asset.kind);
      const changes = reviewed ? contentEdit(work) : {};
      if (changes.status !== undefined && changes.status !== work.status) await this.works.leftMarket(tx, [work.id], 'edited');
      await this.repository.deleteAsset(work.id, assetId, tx);
      return this.repository.update(work.id, { ...changes, ...(asset.kind === 'cover' ? { coverKey: '' } : {}) }, tx);
    });
    return this.works.detail(row, actor);
  }

  /** Lists show covers small and fast: a WebP of at most 1600 px wide, metadata stripped. */
  private async renderCover(file: UploadedFile): Promise<string> {
    const stored = await this.storage.read(file.key);
    if (!stored) throw fail('notFound');
    const bytes = await buffer(stored.stream);
    const output = await renderImage(
      bytes,
      (image) => image.resize({ width: 1600, withoutEnlargement: true }).webp({ quality: 82 }),
      COVER_MAX_INPUT_PIXELS,
    );
    const key = `covers/${file.sha256}.webp`;
    await this.storage.put(key, output, 'image/webp');
    return key;
  }
}
