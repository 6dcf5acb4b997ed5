/**
 * Identity authentication (spec 7.3): kinds a person can prove, what an application carries, and the
 * states of a record. docs/identity.md describes them.
 */
import { defineErrors } from './errors.js';
import identityErrors from './identity.errors.json' with { type: 'json' };

/* The identity ids the web app asks for by default (spec 9) are DEFAULT_IDENTITY_IDS in limits.ts. */

/** `GET /authIdentity/{ids}/details` takes at most this many ids. */
export const IDENTITY_DETAILS_MAX_IDS = 50;

/** pending → approved | rejected (an admin); pending | approved → revoked (the owner withdraws or gives up). */
export const IDENTITY_RECORD_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type IdentityRecordStatus = (typeof IDENTITY_RECORD_STATUSES)[number];

/** The longest `jsonExtras` string accepted. */
export const IDENTITY_EXTRAS_MAX_LENGTH = 4000;
/** The longest rejection reason. */
export const IDENTITY_REASON_MAX = 200;
/** The largest business card image accepted, before it is re-encoded. */
export const BUSINESS_CARD_MAX_BYTES = 5 * 1024 * 1024;

/** Names of the fields an application's `jsonExtras` may carry (besides `businessCardUrl`). */
export type IdentityFieldName = 'realName' | 'company' | 'title' | 'portfolioUrl' | 'shopName' | 'licenceNo';

export interface IdentityField {
  name: IdentityFieldName;
  required: boolean;
  maxLength: number;
  /** `url`: an http(s) address; `text`: plain text (tags are removed). */
  format: 'text' | 'url';
}

const text = (name: IdentityFieldName, maxLength: number, required = false): IdentityField => ({
  name,
  required,
  maxLength,
  format: 'text',
});
const url = (name: IdentityFieldName): IdentityField => ({ name, required: false, maxLength: 300, format: 'url' });

const realName = text('realName', 30, true);
const title = text('title', 30);
const company = text('company', 60);
const companyRequired = text('company', 60, true);
const portfolio = url('portfolioUrl');
const licence = text('licenceNo', 40);
const shopName = text('shopName', 60, true);

/** Fields of each kind, by code; a code not listed here carries the common ones (real name, company, title). */
const FIELDS_BY_CODE: Record<string, readonly IdentityField[]> = {
  photographer: [realName, company, title, portfolio],
  designer: [realName, company, title, portfolio],
  merchant: [realName, company, title, shopName],
  enterprise: [realName, companyRequired, title],
  studio: [realName, companyRequired, title, portfolio],
  estateAgent: [realName, companyRequired, title, licence],
  architect: [realName, company, title, licence, portfolio],
  interiorDesigner: [realName, company, title, portfolio],
  surveyor: [realName, company, title, licence],
  dronePilot: [realName, company, title, licence],
  modeller: [realName, company, title, portfolio],
  vrDeveloper: [realName, company, title, portfolio],
  curator: [realName, company, title, portfolio],
  hospitality: [realName, company, title, shopName],
  educator: [realName, company, title],
};

const COMMON_FIELDS: readonly IdentityField[] = [realName, company, title];

/** The fields an application for the kind with this code carries, in the order a form shows them. */
export function identityFieldsOf(code: string): readonly IdentityField[] {
  return FIELDS_BY_CODE[code] ?? COMMON_FIELDS;
}

/** What a `url` field takes: an http(s) address without white space, quotes or angle brackets. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s"'<>`]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An approved identity, as a badge beside a person's name. `name` is in the reader's language. */
export interface IdentityBadge {
  id: number;
  code: string;
  name: string;
}

/** One identity record of the signed-in user. `businessCardUrl` is a link that opens for an hour. */
export interface IdentityRecord {
  id: number;
  identityId: number;
  status: IdentityRecordStatus;
  /** Why an admin rejected it; '' otherwise. */
  reason: string;
  businessCardUrl: string;
  extras: Record<string, string>;
  createdAt: number;
  decidedAt: number | null;
}

/** A kind of identity in the reader's language, with the caller's latest record of it (null: none, or not signed in). */
export interface IdentityKindDetail {
  id: number;
  code: string;
  name: string;
  description: string;
  fields: IdentityField[];
  record: IdentityRecord | null;
}

/** A row of the back office's review queue. */
export interface IdentityApplicationItem extends IdentityRecord {
  identity: { id: number; code: string; name: string };
  applicant: { uid: string; name: string; phone: string };
  /** The admin who decided it, if one did. */
  decidedBy: { uid: string; name: string } | null;
}

/** Identity authentication (the identity module): 22xx. */
export const IdentityErrors = defineErrors(identityErrors);
