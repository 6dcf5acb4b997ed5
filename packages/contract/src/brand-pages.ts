/**
 * Brand pages (docs/brand-pages.md), the console pages of permission 42: a showcase (`/tujingxiu/tujingxiu`)
 * is an ordered selection of the owner's published works under their brand, shared at
 * `/space/showcase/{publicId}`; a landing page (`/landingPage/landingPage`) presents one work or one
 * showcase with a lead form, shared at `/space/landing/{publicId}`. Leads reach only the page's owner.
 */
import type { Page } from './api.js';
import brandPagesErrors from './brand-pages.errors.json' with { type: 'json' };
import { defineErrors } from './errors.js';

export const BrandPagesErrors = defineErrors(brandPagesErrors);

export const BRAND_NAME_MAX = 30;
export const BRAND_INTRO_MAX = 500;
export const BRAND_CONTACT_MAX = 100;
export const SHOWCASE_WORKS_MAX = 60;
export const LANDING_HEADLINE_MAX = 40;
export const LANDING_TEXT_MAX = 1000;
export const LANDING_CTA_MAX = 20;
export const LANDING_CONSENT_MAX = 200;
export const LEAD_NAME_MAX = 30;
export const LEAD_COMPANY_MAX = 60;
export const LEAD_MESSAGE_MAX = 500;
/** Leads one address may send in `LEAD_WINDOW_SECONDS`, across every landing page. */
export const LEADS_PER_ADDRESS = 5;
export const LEAD_WINDOW_SECONDS = 600;
/** The default brand colour: the site's own blue. */
/** A logo upload's largest file. */
export const BRAND_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const BRAND_DEFAULT_COLOUR = '#1668dc';
export const BRAND_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The fields a landing page may ask besides the name (always asked, always required); a phone asked is required. */
export const LEAD_FIELDS = ['phone', 'company', 'message'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

export const LANDING_TARGET_KINDS = ['work', 'showcase'] as const;
export type LandingTargetKind = (typeof LANDING_TARGET_KINDS)[number];

/** A work as brand pages show it: a card that opens `/details/{uid}`. */
export interface BrandWorkCard {
  uid: string;
  name: string;
  type: string;
  coverUrl: string;
  /** False when the work went offline or into the recycle bin since it was chosen: the public page leaves it out. */
  available: boolean;
}

/** The brand a showcase shows. */
export interface BrandFields {
  brandName: string;
  /** `/files/logos/brands/…` from the logo upload, or empty. */
  logoUrl: string;
  /** `#RRGGBB`. */
  brandColour: string;
  intro: string;
  contact: string;
}

export interface ShowcaseInput extends BrandFields {
  /** Ordered: the order the public page shows. */
  workUids: string[];
}

/** A showcase as its owner sees it. `id` is the unguessable public id, also used by the console. */
export interface Showcase extends BrandFields {
  id: string;
  published: boolean;
  works: BrandWorkCard[];
  visitCount: number;
  createdAt: number;
  updatedAt: number;
}

/** What `/space/showcase/{id}` shows. */
export interface PublicShowcase extends BrandFields {
  id: string;
  works: BrandWorkCard[];
  visitCount: number;
}

export interface LandingPageInput {
  targetKind: LandingTargetKind;
  /** A work's uid or a showcase's id. */
  targetId: string;
  headline: string;
  text: string;
  ctaLabel: string;
  leadFields: LeadField[];
  consentText: string;
}

export interface LandingPage extends LandingPageInput {
  id: string;
  published: boolean;
  /** The work's or showcase's name, for the console's list. */
  targetName: string;
  leadCount: number;
  unhandledLeadCount: number;
  createdAt: number;
  updatedAt: number;
}

/** What `/space/landing/{id}` shows: the work (cover, link to its viewer) or the showcase's brand and works. */
export interface PublicLandingPage {
  id: string;
  headline: string;
  text: string;
  ctaLabel: string;
  leadFields: LeadField[];
  consentText: string;
  targetKind: LandingTargetKind;
  /** The work, for a work's page (null when it is no longer online). */
  work: BrandWorkCard | null;
  /** The brand and works, for a showcase's page. */
  brand: BrandFields | null;
  works: BrandWorkCard[];
}

export interface LeadInput {
  name: string;
  phone?: string;
  company?: string;
  message?: string;
  /** Must be true when the page shows a consent line. */
  consent?: boolean;
}

export interface Lead {
  id: number;
  landingPageId: string;
  landingPageHeadline: string;
  name: string;
  phone: string;
  company: string;
  message: string;
  handled: boolean;
  createdAt: number;
}

export type LeadPage = Page<Lead>;
