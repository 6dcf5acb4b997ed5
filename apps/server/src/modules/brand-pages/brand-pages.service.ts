import { randomBytes } from 'node:crypto';
import {
  BRAND_COLOUR_PATTERN,
  LEAD_WINDOW_SECONDS,
  LEADS_PER_ADDRESS,
  PHONE_PATTERN,
  SHOWCASE_WORKS_MAX,
  isWorkOnline,
  type BrandFields,
  type BrandWorkCard,
  type LandingPage,
  type LandingPageInput,
  type Lead,
  type LeadField,
  type LeadInput,
  type LeadPage,
  type PublicLandingPage,
  type PublicShowcase,
  type Showcase,
  type ShowcaseInput,
} from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { NotificationsService } from '../notifications/index.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import { FILES_PREFIX, fileUrl, PublicImages, type PublicImageKind } from '../uploads/index.js';
import type { WorkRow, WorksService } from '../works/index.js';
import type { BrandPagesRepository, LandingPageRow, LeadRow, ShowcaseRow } from './brand-pages.repository.js';
import { leadsCsv } from './leads-csv.js';

/** Whoever calls: the owner of what they name (admins pass the permission rule but see only their own pages too). */
export interface Owner {
  id: number;
  uid: string;
}

export interface BrandPagesDependencies {
  repository: BrandPagesRepository;
  works: WorksService;
  sensitiveWords: SensitiveWordsService;
  notifications: NotificationsService;
  storage: StorageDriver;
  rateLimiter: RateLimiter;
}

/** Brand logos: within 800x400, 30 uploads per person and hour. */
const LOGOS: PublicImageKind = {
  folder: 'logos/brands',
  limitName: 'brand-logo',
  uploadsPerHour: 30,
  width: 800,
  height: 400,
  quality: 90,
};
/** A visitor counts once per showcase in this window (a reload is no new visit). */
const VISIT_WINDOW_SECONDS = 30 * 60;
const EXPORT_MAX_ROWS = 10_000;

/** Unguessable: 96 random bits, URL-safe. */
export function newPublicId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Showcases and landing pages of permission 42, and the leads their visitors leave (docs/brand-pages.md).
 * Every owner call names a page by its public id and finds only the caller's own: someone else's page does
 * not exist for them. Public reads answer only published pages, with only the works still online.
 */
export class BrandPagesService {
  private readonly logos: PublicImages;

  constructor(private readonly deps: BrandPagesDependencies) {
    this.logos = new PublicImages(deps.storage, deps.rateLimiter, LOGOS);
  }

  private get repository() {
    return this.deps.repository;
  }

  // ---- showcases ----

  async listShowcases(owner: Owner): Promise<Showcase[]> {
    const rows = await this.repository.listShowcases(owner.id);
    return this.presentShowcases(rows);
  }

  async getShowcase(owner: Owner, publicId: string): Promise<Showcase> {
    return (await this.presentShowcases([await this.ownShowcase(owner, publicId)]))[0]!;
  }

  async createShowcase(owner: Owner, input: ShowcaseInput): Promise<Showcase> {
    const fields = await this.brandFields(owner, input);
    const workIds = await this.ownPublishedWorkIds(owner, input.workUids);
    const row = await this.repository.db.transaction((tx) =>
      this.repository.insertShowcase({ ...fields, publicId: newPublicId(), ownerId: owner.id }, workIds, tx),
    );
    return (await this.presentShowcases([row]))[0]!;
  }

  /** Replaces the brand and the works (in the order given); a published showcase stays published and must keep a work. */
  async updateShowcase(owner: Owner, publicId: string, input: ShowcaseInput): Promise<Showcase> {
    const fields = await this.brandFields(owner, input);
    const workIds = await this.ownPublishedWorkIds(owner, input.workUids);
    const row = await this.repository.db.transaction(async (tx) => {
      const current = await this.repository.lockShowcase(publicId, tx);
      if (!current || current.ownerId !== owner.id) throw fail('brandPageNotFound');
      if (current.published && workIds.length === 0) throw fail('brandPageNoWorks');
      await this.repository.replaceWorks(current.id, workIds, tx);
      return this.repository.updateShowcase(current.id, fields, tx);
    });
    return (await this.presentShowcases([row]))[0]!;
  }

  /** Publishing needs a work still online: a showcase with none would share an empty page. */
  async setShowcasePublished(owner: Owner, publicId: string, published: boolean): Promise<Showcase> {
    const current = await this.ownShowcase(owner, publicId);
    if (published) {
      const works = await this.cardsOf((await this.repository.workIdsOf([current.id])).get(current.id) ?? []);
      if (!works.some((work) => work.available)) throw fail('brandPageNoWorks');
    }
    const row = await this.repository.updateShowcase(current.id, { published });
    return (await this.presentShowcases([row]))[0]!;
  }

  /** A showcase that a landing page presents stays until that page goes or points elsewhere. */
  async deleteShowcase(owner: Owner, publicId: string): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const current = await this.repository.lockShowcase(publicId, tx);
      if (!current || current.ownerId !== owner.id) throw fail('brandPageNotFound');
      const landingPages = await this.repository.countLandingPagesOfShowcase(current.id, tx);
      if (landingPages > 0) throw fail('brandPageShowcaseInUse', { count: landingPages });
      await this.repository.deleteShowcase(current.id, tx);
    });
  }

  /** Stores a logo image (re-encoded, metadata dropped) in the owner's public logo folder; a showcase takes the answered url. */
  async storeLogo(owner: Owner, bytes: Buffer): Promise<{ url: string }> {
    return this.logos.store(owner, bytes);
  }

  /** `/space/showcase/{id}`: a published showcase and its works still online; the visit counts once per address and half hour. */
  async publicShowcase(publicId: string, addressBucket: string): Promise<PublicShowcase> {
    const row = await this.repository.findShowcase(publicId);
    if (!row || !row.published) throw fail('brandPageNotFound');
    const works = await this.cardsOf((await this.repository.workIdsOf([row.id])).get(row.id) ?? []);
    const visit = await this.deps.rateLimiter.hit(`showcase-visit:${row.id}:${addressBucket}`, 1, VISIT_WINDOW_SECONDS);
    const visitCount = visit.allowed ? await this.repository.countVisit(row.id) : row.visitCount;
    return { id: row.publicId, ...brandOf(row), works: works.filter((work) => work.available), visitCount };
  }

  /** The preview a shared link of a published showcase shows, or undefined. */
  async describeShowcase(publicId: string): Promise<{ title: string; description: string; imageKey: string } | undefined> {
    const row = await this.repository.findShowcase(publicId);
    if (!row || !row.published) return undefined;
    const works = await this.cardsOf((await this.repository.workIdsOf([row.id])).get(row.id) ?? []);
    const cover = works.find((work) => work.available && work.coverUrl)?.coverUrl ?? '';
    return { title: row.brandName, description: row.intro || row.brandName, imageKey: row.logoKey || cover.slice(FILES_PREFIX.length) };
  }

  // ---- landing pages ----

  async listLandingPages(owner: Owner): Promise<LandingPage[]> {
    return this.presentLandingPages(await this.repository.listLandingPages(owner.id));
  }

  async getLandingPage(owner: Owner, publicId: string): Promise<LandingPage> {
    return (await this.presentLandingPages([await this.ownLandingPage(owner, publicId)]))[0]!;
  }

  async createLandingPage(owner: Owner, input: LandingPageInput): Promise<LandingPage> {
    const fields = await this.landingFields(owner, input);
    const row = await this.repository.insertLandingPage({ ...fields, publicId: newPublicId(), ownerId: owner.id });
    return (await this.presentLandingPages([row]))[0]!;
  }

  async updateLandingPage(owner: Owner, publicId: string, input: LandingPageInput): Promise<LandingPage> {
    const current = await this.ownLandingPage(owner, publicId);
    const fields = await this.landingFields(owner, input);
    return (await this.presentLandingPages([await this.repository.updateLandingPage(current.id, fields)]))[0]!;
  }

  async setLandingPagePublished(owner: Owner, publicId: string, published: boolean): Promise<LandingPage> {
    const current = await this.ownLandingPage(owner, publicId);
    return (await this.presentLandingPages([await this.repository.updateLandingPage(current.id, { published })]))[0]!;
  }

  /** Deletes the page and its leads (the console asks first, naming how many leads go). */
  async deleteLandingPage(owner: Owner, publicId: string): Promise<void> {
    const current = await this.ownLandingPage(owner, publicId);
    await this.repository.deleteLandingPage(current.id);
  }

  /** `/space/landing/{id}`: a published page with its work (if still online) or its showcase's brand and online works. */
  async publicLandingPage(publicId: string): Promise<PublicLandingPage> {
    const row = await this.repository.findLandingPage(publicId);
    if (!row || !row.published) throw fail('brandPageNotFound');
    const base = {
      id: row.publicId,
      headline: row.headline,
      text: row.text,
      ctaLabel: row.ctaLabel,
      leadFields: row.leadFields as LeadField[],
      consentText: row.consentText,
    };
    if (row.workId !== null) {
      const [work] = await this.cardsOf([row.workId]);
      return { ...base, targetKind: 'work', work: work?.available ? work : null, brand: null, works: [] };
    }
    const showcase = await this.repository.findShowcaseById(row.showcaseId!);
    const works = showcase ? await this.cardsOf((await this.repository.workIdsOf([showcase.id])).get(showcase.id) ?? []) : [];
    return {
      ...base,
      targetKind: 'showcase',
      work: null,
      brand: showcase ? brandOf(showcase) : null,
      works: works.filter((work) => work.available),
    };
  }

  async describeLandingPage(publicId: string): Promise<{ title: string; description: string; imageKey: string } | undefined> {
    const page = await this.repository
      .findLandingPage(publicId)
      .then((row) => (row?.published ? this.publicLandingPage(publicId) : undefined));
    if (!page) return undefined;
    const cover = page.work?.coverUrl || page.works.find((work) => work.coverUrl)?.coverUrl || '';
    return { title: page.headline, description: page.text || page.headline, imageKey: cover.slice(FILES_PREFIX.length) };
  }

  // ---- leads ----

  /**
   * A visitor's lead on a published page: at most LEADS_PER_ADDRESS per address in the window, the fields the
   * page asks, a valid mobile number when it asks one, free text without sensitive words. The owner is told
   * in the same transaction.
   */
  async submitLead(publicId: string, input: LeadInput, addressBucket: string): Promise<{ received: true }> {
    const page = await this.repository.findLandingPage(publicId);
    if (!page || !page.published) throw fail('brandPageNotFound');
    const asked = new Set(page.leadFields as LeadField[]);
    const name = input.name.trim();
    const phone = asked.has('phone') ? (input.phone ?? '').trim() : '';
    const company = asked.has('company') ? (input.company ?? '').trim() : '';
    const message = asked.has('message') ? (input.message ?? '').trim() : '';
    if (!name) throw fail('leadNameRequired');
    if (asked.has('phone') && !phone) throw fail('leadPhoneRequired');
    if (phone && !PHONE_PATTERN.test(phone)) throw fail('leadPhoneInvalid');
    if (page.consentText && input.consent !== true) throw fail('leadConsentMissing');
    const decision = await this.deps.rateLimiter.hit(`landing-lead:${addressBucket}`, LEADS_PER_ADDRESS, LEAD_WINDOW_SECONDS);
    if (!decision.allowed) throw fail('leadTooMany', { seconds: decision.retryAfterSeconds });
    await this.deps.sensitiveWords.assertClean('name', name);
    if (company) await this.deps.sensitiveWords.assertClean('company', company);
    if (message) await this.deps.sensitiveWords.assertClean('message', message);
    await this.repository.db.transaction(async (tx) => {
      await this.repository.insertLead({ landingPageId: page.id, ownerId: page.ownerId, name, phone, company, message }, tx);
      await this.deps.notifications.notify(tx, {
        userId: page.ownerId,
        kind: 'leadReceived',
        params: { name, page: page.headline },
        link: '/landingPage/landingPage?tab=leads',
      });
    });
    return { received: true };
  }

  async listLeads(
    owner: Owner,
    query: { landingPageId?: string; handled?: boolean; pageNum: number; pageSize: number },
  ): Promise<LeadPage> {
    const landingPageId = query.landingPageId ? (await this.ownLandingPage(owner, query.landingPageId)).id : undefined;
    const { rows, total } = await this.repository.listLeads(
      { ownerId: owner.id, landingPageId, handled: query.handled },
      query.pageSize,
      (query.pageNum - 1) * query.pageSize,
    );
    const list = rows.map((row) => toLead(row.lead, row.landingPageId, row.headline));
    return { list, total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async setLeadHandled(owner: Owner, id: number, handled: boolean): Promise<{ handled: boolean }> {
    const row = await this.repository.setLeadHandled(owner.id, id, handled);
    if (!row) throw fail('notFound');
    return { handled: row.handled };
  }

  async exportLeads(
    owner: Owner,
    query: { landingPageId?: string; handled?: boolean },
    language: 'zh' | 'en',
  ): Promise<{ fileName: string; csv: string }> {
    const page = await this.listLeads(owner, { ...query, pageNum: 1, pageSize: EXPORT_MAX_ROWS });
    const day = new Date().toISOString().slice(0, 10);
    return { fileName: `leads-${day}.csv`, csv: leadsCsv(page.list, language) };
  }

  // ---- helpers ----

  private async ownShowcase(owner: Owner, publicId: string): Promise<ShowcaseRow> {
    const row = await this.repository.findShowcase(publicId);
    if (!row || row.ownerId !== owner.id) throw fail('brandPageNotFound');
    return row;
  }

  private async ownLandingPage(owner: Owner, publicId: string): Promise<LandingPageRow> {
    const row = await this.repository.findLandingPage(publicId);
    if (!row || row.ownerId !== owner.id) throw fail('brandPageNotFound');
    return row;
  }

  private async brandFields(owner: Owner, input: BrandFields) {
    if (!BRAND_COLOUR_PATTERN.test(input.brandColour)) throw fail('brandPageColourInvalid');
    if (input.logoUrl && !this.logos.isOwnLink(owner.uid, input.logoUrl)) throw fail('brandPageLogoInvalid');
    const brandName = input.brandName.trim();
    const intro = input.intro.trim();
    const contact = input.contact.trim();
    await this.deps.sensitiveWords.assertClean('brandName', brandName);
    if (intro) await this.deps.sensitiveWords.assertClean('intro', intro);
    if (contact) await this.deps.sensitiveWords.assertClean('contact', contact);
    return {
      brandName,
      logoKey: input.logoUrl ? input.logoUrl.slice(FILES_PREFIX.length) : '',
      brandColour: input.brandColour.toLowerCase(),
      intro,
      contact,
    };
  }

  /** The ids of these works, in this order, each the owner's, online and not in the recycle bin. */
  private async ownPublishedWorkIds(owner: Owner, uids: readonly string[]): Promise<number[]> {
    const unique = [...new Set(uids)];
    if (unique.length > SHOWCASE_WORKS_MAX) throw fail('brandPageTooManyWorks', { max: SHOWCASE_WORKS_MAX });
    const ids = await this.deps.works.idsByUid(unique);
    const rows = await this.deps.works.findByIds([...ids.values()]);
    return unique.map((uid) => {
      const work = rows.get(ids.get(uid) ?? -1);
      if (!work || !isOwnPublished(work, owner)) throw fail('brandPageWorkNotYours');
      return work.id;
    });
  }

  private async landingFields(owner: Owner, input: LandingPageInput) {
    let workId: number | null = null;
    let showcaseId: number | null = null;
    if (input.targetKind === 'work') {
      const work = await this.deps.works.findByUid(input.targetId);
      if (!work || !isOwnPublished(work, owner)) throw fail('brandPageTargetInvalid');
      workId = work.id;
    } else {
      const showcase = await this.repository.findShowcase(input.targetId);
      if (!showcase || showcase.ownerId !== owner.id) throw fail('brandPageTargetInvalid');
      showcaseId = showcase.id;
    }
    const headline = input.headline.trim();
    const text = input.text.trim();
    const ctaLabel = input.ctaLabel.trim();
    const consentText = input.consentText.trim();
    for (const [field, value] of Object.entries({ headline, text, ctaLabel, consentText })) {
      if (value) await this.deps.sensitiveWords.assertClean(field, value);
    }
    return { workId, showcaseId, headline, text, ctaLabel, consentText, leadFields: [...new Set(input.leadFields)] };
  }

  private async presentShowcases(rows: readonly ShowcaseRow[]): Promise<Showcase[]> {
    const workIds = await this.repository.workIdsOf(rows.map((row) => row.id));
    const cards = await this.cardMap([...workIds.values()].flat());
    return rows.map((row) => ({
      id: row.publicId,
      ...brandOf(row),
      published: row.published,
      works: (workIds.get(row.id) ?? []).map((id) => cards.get(id)).filter((card) => card !== undefined),
      visitCount: row.visitCount,
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
    }));
  }

  private async presentLandingPages(rows: readonly LandingPageRow[]): Promise<LandingPage[]> {
    const showcaseIds = [...new Set(rows.map((row) => row.showcaseId).filter((id) => id !== null))];
    const [works, showcases, counts] = await Promise.all([
      this.deps.works.findByIds(rows.map((row) => row.workId).filter((id) => id !== null)),
      Promise.all(showcaseIds.map((id) => this.repository.findShowcaseById(id))),
      this.repository.leadCounts(rows.map((row) => row.id)),
    ]);
    const showcaseById = new Map(showcases.filter((row) => row !== undefined).map((row) => [row.id, row]));
    return rows.map((row) => {
      const work = row.workId !== null ? works.get(row.workId) : undefined;
      const showcase = row.showcaseId !== null ? showcaseById.get(row.showcaseId) : undefined;
      const leadCount = counts.get(row.id);
      return {
        id: row.publicId,
        targetKind: row.workId !== null ? 'work' : 'showcase',
        targetId: work?.uid ?? showcase?.publicId ?? '',
        targetName: work?.name ?? showcase?.brandName ?? '',
        headline: row.headline,
        text: row.text,
        ctaLabel: row.ctaLabel,
        leadFields: row.leadFields as LeadField[],
        consentText: row.consentText,
        published: row.published,
        leadCount: leadCount?.total ?? 0,
        unhandledLeadCount: leadCount?.unhandled ?? 0,
        createdAt: row.createdAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      };
    });
  }

  private async cardsOf(workIds: readonly number[]): Promise<BrandWorkCard[]> {
    const cards = await this.cardMap(workIds);
    return workIds.map((id) => cards.get(id)).filter((card) => card !== undefined);
  }

  private async cardMap(workIds: readonly number[]): Promise<Map<number, BrandWorkCard>> {
    const rows = await this.deps.works.findByIds(workIds);
    return new Map([...rows.values()].map((work) => [work.id, toCard(work)]));
  }
}

function isOwnPublished(work: WorkRow, owner: Owner): boolean {
  return work.ownerId === owner.id && !work.deletedAt && isWorkOnline(work.status);
}

function toCard(work: WorkRow): BrandWorkCard {
  return {
    uid: work.uid,
    name: work.name,
    type: work.type,
    coverUrl: fileUrl(work.coverKey),
    available: !work.deletedAt && isWorkOnline(work.status),
  };
}

function brandOf(row: ShowcaseRow): BrandFields {
  return { brandName: row.brandName, logoUrl: fileUrl(row.logoKey), brandColour: row.brandColour, intro: row.intro, contact: row.contact };
}

function toLead(row: LeadRow, landingPageId: string, headline: string): Lead {
  return {
    id: row.id,
    landingPageId,
    landingPageHeadline: headline,
    name: row.name,
    phone: row.phone,
    company: row.company,
    message: row.message,
    handled: row.handled,
    createdAt: row.createdAt.getTime(),
  };
}
