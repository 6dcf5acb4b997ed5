/**
 * The site's editable pages (docs/site-pages.md): /product with its membership-version comparison, /enterprise,
 * the client-download dialog and the three protocols. Each page's content is structured data in both
 * languages, never HTML: the web app renders it as text. An operator edits a draft, publishes it as the live
 * version (published versions never change), and may restore an earlier version as a new draft. Every kind is
 * described once here as a field tree (`SITE_PAGE_SPECS`) from which the server validates what it stores and the
 * back office draws its form.
 */
import { defineErrors } from './errors.js';
import sitePagesErrors from './site-pages.errors.json' with { type: 'json' };

export const SitePagesErrors = defineErrors(sitePagesErrors);

export const SITE_PAGE_KINDS = [
  'product',
  'enterprise',
  'membershipVersions',
  'clientDownload',
  'userProtocol',
  'privacyProtocol',
  'rechargeProtocol',
] as const;
export type SitePageKind = (typeof SITE_PAGE_KINDS)[number];

export const PROTOCOL_PAGE_KINDS = ['userProtocol', 'privacyProtocol', 'rechargeProtocol'] as const;
export type ProtocolPageKind = (typeof PROTOCOL_PAGE_KINDS)[number];

export function isSitePageKind(value: string): value is SitePageKind {
  return (SITE_PAGE_KINDS as readonly string[]).includes(value);
}

/** The drawn pictures a section shows while it has no image of its own (web: site-pages' illustrations). */
export const SITE_ILLUSTRATIONS = [
  'panorama',
  'model',
  'pointCloud',
  'editor',
  'share',
  'offline',
  'market',
  'wallet',
  'team',
  'brand',
  'support',
  'security',
] as const;
export type SiteIllustration = (typeof SITE_ILLUSTRATIONS)[number];

// ── The content of each kind, in one language ──

export interface SiteHero {
  eyebrow: string;
  title: string;
  subtitle: string;
  /** An image address (https or a path of this site); empty: the illustration is drawn. */
  imageUrl: string;
  illustration: SiteIllustration;
  ctaLabel: string;
  /** Where the call to action leads: a path of this site (`/login`, `#versions`) or an https address. */
  ctaLink: string;
}

export interface SiteFeature {
  title: string;
  text: string;
  imageUrl: string;
  illustration: SiteIllustration;
}

export interface SiteStep {
  title: string;
  text: string;
}

export interface SiteFaq {
  question: string;
  answer: string;
}

export interface SiteHighlight {
  value: string;
  label: string;
}

interface MarketingPage {
  hero: SiteHero;
  highlights: SiteHighlight[];
  featuresTitle: string;
  features: SiteFeature[];
  stepsTitle: string;
  steps: SiteStep[];
  faqTitle: string;
  faq: SiteFaq[];
}

export type ProductContent = MarketingPage;

export interface EnterpriseContent extends MarketingPage {
  contact: { title: string; text: string; phone: string; email: string; address: string; ctaLabel: string };
}

/** What the comparison on /product#versions says of one membership version (matched by its id). */
export interface VersionFeatureText {
  versionId: number;
  tagline: string;
  features: string[];
  /** Marked as the one most people choose. */
  recommended: boolean;
}

export interface MembershipVersionsContent {
  title: string;
  subtitle: string;
  versions: VersionFeatureText[];
  note: string;
}

export interface ClientApp {
  name: string;
  description: string;
  /** The Android package; empty: the one the server is configured with (APP_APK_URL), else the site's download page. */
  apkUrl: string;
  /** The App Store page; empty while there is none. */
  iosUrl: string;
  note: string;
}

export interface ClientDownloadContent {
  title: string;
  subtitle: string;
  apps: ClientApp[];
  note: string;
}

export interface ProtocolSection {
  heading: string;
  paragraphs: string[];
}

export interface ProtocolContent {
  title: string;
  /** `YYYY-MM-DD`. */
  effectiveDate: string;
  intro: string;
  sections: ProtocolSection[];
  contactNote: string;
}

export interface SitePageContentByKind {
  product: ProductContent;
  enterprise: EnterpriseContent;
  membershipVersions: MembershipVersionsContent;
  clientDownload: ClientDownloadContent;
  userProtocol: ProtocolContent;
  privacyProtocol: ProtocolContent;
  rechargeProtocol: ProtocolContent;
}

/** A page's content: the same structure in each language. */
export type SitePageContentOf<K extends SitePageKind> = { zh: SitePageContentByKind[K]; en: SitePageContentByKind[K] };
export type SitePageContent = SitePageContentOf<SitePageKind>;

// ── Answers ──

/** `GET /api/open/sitePages/{kind}`: the live version. */
export interface LiveSitePage<K extends SitePageKind = SitePageKind> {
  kind: K;
  version: number;
  /** Null while the page shows the content shipped with the install, which nobody changed yet. */
  publishedAt: number | null;
  content: SitePageContentOf<K>;
}

/** A row of `GET /api/admin/sitePages`. */
export interface SitePageSummary {
  kind: SitePageKind;
  liveVersion: number;
  publishedAt: number | null;
  /** Who published the live version; empty for the content shipped with the install. */
  publishedBy: string;
  /** The draft's version number while there is one. */
  draftVersion: number | null;
  /** The last change of any version or draft (epoch ms); null while nothing changed since the install. */
  changedAt: number | null;
  changedBy: string;
}

export interface SitePageVersionItem {
  version: number;
  status: 'draft' | 'published';
  /** The version whose content a restored draft started from. */
  restoredFrom: number | null;
  editedAt: number;
  editedBy: string;
  publishedAt: number | null;
  publishedBy: string;
  live: boolean;
}

/** `GET /api/admin/sitePages/{kind}`: what the editor opens with. */
export interface SitePageEditorState<K extends SitePageKind = SitePageKind> {
  kind: K;
  live: { version: number; content: SitePageContentOf<K> };
  /** The draft, or null while the live version is all there is (the editor starts from the live content). */
  draft: { version: number; content: SitePageContentOf<K>; editedAt: number; editedBy: string } | null;
  /** Newest first. */
  versions: SitePageVersionItem[];
}

// ── The field trees ──

/** Most characters of a one-line text and of a paragraph. */
export const SITE_TEXT_MAX = 120;
export const SITE_PARAGRAPH_MAX = 2000;
export const SITE_URL_MAX = 500;

export type SiteFieldSpec =
  | { type: 'text'; max: number; required: boolean }
  | { type: 'paragraph'; max: number; required: boolean }
  /** An address: a path of this site (`/…`, `#…`) or http(s); empty unless required. */
  | { type: 'link'; required: boolean }
  | { type: 'date' }
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'choice'; options: readonly string[] }
  | { type: 'texts'; max: number; minItems: number; maxItems: number }
  | { type: 'list'; fields: SiteFieldTree; minItems: number; maxItems: number }
  | { type: 'group'; fields: SiteFieldTree };

export type SiteFieldTree = Readonly<Record<string, SiteFieldSpec>>;

const text = (max = SITE_TEXT_MAX, required = true): SiteFieldSpec => ({ type: 'text', max, required });
const paragraph = (max = SITE_PARAGRAPH_MAX, required = true): SiteFieldSpec => ({ type: 'paragraph', max, required });
const link = (required = false): SiteFieldSpec => ({ type: 'link', required });
const list = (fields: SiteFieldTree, minItems: number, maxItems: number): SiteFieldSpec => ({ type: 'list', fields, minItems, maxItems });
const illustration: SiteFieldSpec = { type: 'choice', options: SITE_ILLUSTRATIONS };

const HERO: SiteFieldSpec = {
  type: 'group',
  fields: {
    eyebrow: text(40, false),
    title: text(60),
    subtitle: paragraph(300),
    imageUrl: link(),
    illustration,
    ctaLabel: text(20, false),
    ctaLink: link(),
  },
};

const MARKETING_FIELDS: SiteFieldTree = {
  hero: HERO,
  highlights: list({ value: text(16), label: text(40) }, 0, 4),
  featuresTitle: text(60),
  features: list({ title: text(60), text: paragraph(400), imageUrl: link(), illustration }, 1, 8),
  stepsTitle: text(60, false),
  steps: list({ title: text(40), text: paragraph(240) }, 0, 6),
  faqTitle: text(60, false),
  faq: list({ question: text(120), answer: paragraph(600) }, 0, 10),
};

const PROTOCOL_FIELDS: SiteFieldTree = {
  title: text(40),
  effectiveDate: { type: 'date' },
  intro: paragraph(1000),
  sections: list({ heading: text(80), paragraphs: { type: 'texts', max: SITE_PARAGRAPH_MAX, minItems: 1, maxItems: 12 } }, 1, 40),
  contactNote: paragraph(400, false),
};

/** Every kind's fields in one language. */
export const SITE_PAGE_SPECS: Readonly<Record<SitePageKind, SiteFieldTree>> = {
  product: MARKETING_FIELDS,
  enterprise: {
    ...MARKETING_FIELDS,
    contact: {
      type: 'group',
      fields: {
        title: text(60),
        text: paragraph(400),
        /** Empty: the site's service line (SITE_SERVICE_PHONE). */
        phone: text(40, false),
        email: text(80, false),
        address: text(120, false),
        ctaLabel: text(20, false),
      },
    },
  },
  membershipVersions: {
    title: text(60),
    subtitle: paragraph(300, false),
    versions: list(
      {
        versionId: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
        tagline: text(80, false),
        features: { type: 'texts', max: 120, minItems: 0, maxItems: 12 },
        recommended: { type: 'boolean' },
      },
      0,
      20,
    ),
    note: paragraph(400, false),
  },
  clientDownload: {
    title: text(40),
    subtitle: paragraph(300, false),
    apps: list({ name: text(40), description: paragraph(300, false), apkUrl: link(), iosUrl: link(), note: paragraph(300, false) }, 1, 4),
    note: paragraph(400, false),
  },
  userProtocol: PROTOCOL_FIELDS,
  privacyProtocol: PROTOCOL_FIELDS,
  rechargeProtocol: PROTOCOL_FIELDS,
};

/** What is wrong with a value: where (`en.hero.title`, `zh.features.2.text`) and which rule. */
export interface SiteContentProblem {
  path: string;
  rule: 'required' | 'type' | 'tooLong' | 'tooFew' | 'tooMany' | 'link' | 'date' | 'range' | 'choice' | 'unknownField';
  /** The limit the rule names (characters, items, the bound). */
  limit?: number;
}

/** A path of this site (never `//host`, which leaves it), an anchor of the page, or an http(s) address. */
export const SITE_LINK_PATTERN = /^(?:https?:\/\/[^\s<>"]+|\/(?![/\\])[^\s<>"]*|#[\w-]+)$/i;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Characters as a person counts them (an emoji is one). */
const characters = (value: string) => [...value].length;

function checkText(value: unknown, path: string, max: number, required: boolean): SiteContentProblem | null {
  if (typeof value !== 'string') return { path, rule: 'type' };
  if (required && value.trim() === '') return { path, rule: 'required' };
  return characters(value) > max ? { path, rule: 'tooLong', limit: max } : null;
}

function checkField(spec: SiteFieldSpec, value: unknown, path: string): SiteContentProblem | null {
  switch (spec.type) {
    case 'text':
    case 'paragraph':
      return checkText(value, path, spec.max, spec.required);
    case 'link': {
      const problem = checkText(value, path, SITE_URL_MAX, spec.required);
      if (problem || value === '') return problem;
      return SITE_LINK_PATTERN.test(value as string) ? null : { path, rule: 'link' };
    }
    case 'date':
      if (typeof value !== 'string') return { path, rule: 'type' };
      return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : { path, rule: 'date' };
    case 'boolean':
      return typeof value === 'boolean' ? null : { path, rule: 'type' };
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return { path, rule: 'type' };
      return value < spec.min || value > spec.max ? { path, rule: 'range', limit: value < spec.min ? spec.min : spec.max } : null;
    case 'choice':
      return typeof value === 'string' && spec.options.includes(value) ? null : { path, rule: 'choice' };
    case 'texts':
    case 'list': {
      if (!Array.isArray(value)) return { path, rule: 'type' };
      if (value.length < spec.minItems) return { path, rule: 'tooFew', limit: spec.minItems };
      if (value.length > spec.maxItems) return { path, rule: 'tooMany', limit: spec.maxItems };
      for (const [index, item] of value.entries()) {
        const problem =
          spec.type === 'texts' ? checkText(item, `${path}.${index}`, spec.max, true) : checkTree(spec.fields, item, `${path}.${index}`);
        if (problem) return problem;
      }
      return null;
    }
    case 'group':
      return checkTree(spec.fields, value, path);
  }
}

function checkTree(tree: SiteFieldTree, value: unknown, path: string): SiteContentProblem | null {
  if (!isRecord(value)) return { path, rule: 'type' };
  const unknown = Object.keys(value).find((key) => !(key in tree));
  if (unknown !== undefined) return { path: `${path}.${unknown}`, rule: 'unknownField' };
  for (const [name, spec] of Object.entries(tree)) {
    const problem = checkField(spec, value[name], `${path}.${name}`);
    if (problem) return problem;
  }
  return null;
}

/** The first problem of a page's content in both languages, or null when it may be stored. */
export function siteContentProblem(kind: SitePageKind, content: unknown): SiteContentProblem | null {
  if (!isRecord(content)) return { path: 'content', rule: 'type' };
  const unknown = Object.keys(content).find((key) => key !== 'zh' && key !== 'en');
  if (unknown !== undefined) return { path: unknown, rule: 'unknownField' };
  for (const language of ['zh', 'en'] as const) {
    const problem = checkTree(SITE_PAGE_SPECS[kind], content[language], language);
    if (problem) return problem;
  }
  return null;
}

/** Whether a link leaves the site (opened in a new tab). */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}
