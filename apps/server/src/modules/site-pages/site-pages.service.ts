import {
  SITE_PAGE_KINDS,
  siteContentProblem,
  type LiveSitePage,
  type SitePageContent,
  type SitePageEditorState,
  type SitePageKind,
  type SitePageSummary,
  type SitePageVersionItem,
} from '@spatia/contract';
import type { Executor } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { UsersService } from '../users/index.js';
import { defaultSitePageContent } from './default-content/index.js';
import type { SitePagesRepository, VersionRow } from './site-pages.repository.js';

interface Deps {
  repository: SitePagesRepository;
  adminLog: Pick<AdminLogService, 'record'>;
  users: Pick<UsersService, 'findPublicProfiles'>;
}

/** A version's row with the names of who edited and published it ('' for nobody, or an account gone). */
type NamedVersion = Omit<VersionRow, 'editedBy' | 'publishedBy'> & { editedBy: string; publishedBy: string };

interface Admin {
  id: number;
}

/** A draft as the editor saves it: the content, and the draft it was edited from (null: from the live version). */
export interface DraftInput {
  content: unknown;
  draftVersion: number | null;
}

/** The shipped content's rows carry the epoch as their times: nobody wrote them, so they have none. */
const epochMs = (date: Date | null) => (date && date.getTime() > 0 ? date.getTime() : null);

/** JSON with its keys sorted: PostgreSQL's jsonb keeps keys in its own order, so two equal contents may print differently. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function sameContent(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function versionItem(row: NamedVersion, liveVersion: number): SitePageVersionItem {
  return {
    version: row.version,
    status: row.status,
    restoredFrom: row.restoredFrom,
    editedAt: row.editedAt.getTime(),
    editedBy: row.editedBy,
    publishedAt: epochMs(row.publishedAt),
    publishedBy: row.publishedBy,
    live: row.version === liveVersion,
  };
}

/** The shipped content, as the version 1 a page without rows shows. */
const shippedVersion = (kind: SitePageKind): NamedVersion => ({
  kind,
  version: 1,
  status: 'published',
  restoredFrom: null,
  editedAt: new Date(0),
  editedBy: '',
  publishedAt: null,
  publishedBy: '',
});

/** The editable site pages and their versions (docs/site-pages.md). */
export class SitePagesService {
  constructor(private readonly deps: Deps) {}

  private get repository() {
    return this.deps.repository;
  }

  private async named(rows: VersionRow[]): Promise<NamedVersion[]> {
    const ids = rows.flatMap((row) => [row.editedBy, row.publishedBy]).filter((id): id is number => id !== null);
    const people = ids.length > 0 ? await this.deps.users.findPublicProfiles(ids) : new Map<number, { name: string }>();
    const nameOf = (id: number | null) => (id === null ? '' : (people.get(id)?.name ?? ''));
    return rows.map((row) => ({ ...row, editedBy: nameOf(row.editedBy), publishedBy: nameOf(row.publishedBy) }));
  }

  /** The live version of a page: the highest published, else the content shipped with the install. */
  async live<K extends SitePageKind>(kind: K): Promise<LiveSitePage<K>> {
    const row = await this.repository.live(kind);
    if (!row) return { kind, version: 1, publishedAt: null, content: defaultSitePageContent(kind) };
    return { kind, version: row.version, publishedAt: epochMs(row.publishedAt), content: row.content as LiveSitePage<K>['content'] };
  }

  /** Every page with its live version, its draft and its last change. */
  async summaries(): Promise<SitePageSummary[]> {
    const rows = await this.named(await this.repository.versions());
    return SITE_PAGE_KINDS.map((kind) => {
      const versions = rows.filter((row) => row.kind === kind);
      const live = versions.find((row) => row.status === 'published') ?? shippedVersion(kind);
      const draft = versions.find((row) => row.status === 'draft');
      const latest = [...versions].sort((a, b) => lastChange(b) - lastChange(a))[0];
      return {
        kind,
        liveVersion: live.version,
        publishedAt: epochMs(live.publishedAt),
        publishedBy: live.publishedBy,
        draftVersion: draft?.version ?? null,
        changedAt: latest && lastChange(latest) > 0 ? lastChange(latest) : null,
        changedBy: latest ? (latest.status === 'published' ? latest.publishedBy : latest.editedBy) : '',
      };
    });
  }

  /** What the editor opens with: the live content, the draft and the history. */
  async editorState<K extends SitePageKind>(kind: K, executor: Executor = this.repository.db): Promise<SitePageEditorState<K>> {
    const live = await this.repository.live(kind, executor);
    const draft = await this.repository.draft(kind, executor);
    const rows = await this.named(await this.repository.versions(kind, executor));
    const liveVersion = live?.version ?? 1;
    const history = rows.length > 0 ? rows : [shippedVersion(kind)];
    const draftRow = rows.find((row) => row.status === 'draft');
    type Content = SitePageEditorState<K>['live']['content'];
    return {
      kind,
      live: { version: liveVersion, content: (live?.content ?? defaultSitePageContent(kind)) as Content },
      draft:
        draft && draftRow
          ? { version: draft.version, content: draft.content as Content, editedAt: draft.editedAt.getTime(), editedBy: draftRow.editedBy }
          : null,
      versions: history.map((row) => versionItem(row, liveVersion)),
    };
  }

  /** The content of a published version, for the history's preview. */
  async publishedVersion(kind: SitePageKind, version: number): Promise<SitePageContent> {
    const row = await this.repository.published(kind, version);
    if (row) return row.content;
    if (version === 1 && !(await this.repository.live(kind))) return defaultSitePageContent(kind);
    throw fail('sitePageVersionNotFound', { version });
  }

  /** Creates the draft or overwrites it; the editor names the draft it started from, so that nobody's restore is lost unseen. */
  async saveDraft(admin: Admin, kind: SitePageKind, input: DraftInput): Promise<SitePageEditorState> {
    const problem = siteContentProblem(kind, input.content);
    if (problem)
      throw fail('sitePageContentInvalid', { path: problem.path, rule: problem.limit ? `${problem.rule} ${problem.limit}` : problem.rule });
    const content = input.content as SitePageContent;
    return this.repository.db.transaction(async (tx) => {
      await this.repository.seed(kind, defaultSitePageContent(kind), tx);
      const draft = await this.repository.draft(kind, tx, true);
      if ((draft?.version ?? null) !== input.draftVersion) throw fail('sitePageDraftChanged', { version: draft?.version ?? '-' });
      if (draft) await this.repository.updateDraft(draft.id, { content, editedBy: admin.id, restoredFrom: null }, tx);
      else await this.repository.insertDraft(kind, { content, editedBy: admin.id, restoredFrom: null }, tx);
      return this.editorState(kind, tx);
    });
  }

  /** The draft the operator previewed becomes the live version; it never changes again. */
  async publish(admin: Admin, kind: SitePageKind, draftVersion: number): Promise<SitePageEditorState> {
    return this.repository.db.transaction(async (tx) => {
      await this.repository.seed(kind, defaultSitePageContent(kind), tx);
      const draft = await this.repository.draft(kind, tx, true);
      if (!draft) throw fail('sitePageNoDraft');
      if (draft.version !== draftVersion) throw fail('sitePageDraftChanged', { version: draft.version });
      const live = await this.repository.live(kind, tx);
      if (live && sameContent(live.content, draft.content)) throw fail('sitePageDraftUnchanged');
      await this.repository.publish(draft.id, admin.id, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'sitePage.publish',
        targetType: 'sitePage',
        targetId: kind,
        before: { version: live?.version ?? 1 },
        after: { version: draft.version },
      });
      return this.editorState(kind, tx);
    });
  }

  /** An earlier published version's content becomes the draft (a new one, or the draft's content replaced). */
  async restore(admin: Admin, kind: SitePageKind, version: number): Promise<SitePageEditorState> {
    return this.repository.db.transaction(async (tx) => {
      await this.repository.seed(kind, defaultSitePageContent(kind), tx);
      const source = await this.repository.published(kind, version, tx);
      if (!source) throw fail('sitePageVersionNotFound', { version });
      const draft = await this.repository.draft(kind, tx, true);
      const restored = { content: source.content, editedBy: admin.id, restoredFrom: version };
      if (draft) await this.repository.updateDraft(draft.id, restored, tx);
      else await this.repository.insertDraft(kind, restored, tx);
      return this.editorState(kind, tx);
    });
  }

  /** Throws the draft away; the live version stays. */
  async discardDraft(kind: SitePageKind): Promise<SitePageEditorState> {
    return this.repository.db.transaction(async (tx) => {
      const draft = await this.repository.draft(kind, tx, true);
      if (!draft) throw fail('sitePageNoDraft');
      await this.repository.deleteDraft(draft.id, tx);
      return this.editorState(kind, tx);
    });
  }
}

function lastChange(row: NamedVersion): number {
  return Math.max(row.editedAt.getTime(), row.publishedAt?.getTime() ?? 0);
}
