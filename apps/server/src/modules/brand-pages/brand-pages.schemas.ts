import {
  BRAND_CONTACT_MAX,
  BRAND_INTRO_MAX,
  BRAND_NAME_MAX,
  LANDING_CONSENT_MAX,
  LANDING_CTA_MAX,
  LANDING_HEADLINE_MAX,
  LANDING_TARGET_KINDS,
  LANDING_TEXT_MAX,
  LEAD_COMPANY_MAX,
  LEAD_FIELDS,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  SHOWCASE_WORKS_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { literals, pageOf, Uid } from '../../lib/schemas.js';

/** Request and response shapes of brand pages (docs/brand-pages.md); they validate input and write the OpenAPI document. */
export const tags = ['brand pages'];

/** The unguessable public id of a showcase or landing page. */
export const PublicIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$', description: 'the public id' }) });
export const LeadIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const BrandFields = {
  brandName: Type.String({ minLength: 1, maxLength: BRAND_NAME_MAX }),
  logoUrl: Type.String({ maxLength: 300, description: 'the url the logo upload answered, or empty' }),
  brandColour: Type.String({ maxLength: 7, description: '#RRGGBB' }),
  intro: Type.String({ maxLength: BRAND_INTRO_MAX }),
  contact: Type.String({ maxLength: BRAND_CONTACT_MAX, description: 'a line visitors reach the brand by: phone, WeChat, address' }),
};

export const ShowcaseBody = Type.Object({
  ...BrandFields,
  workUids: Type.Array(Uid, { maxItems: SHOWCASE_WORKS_MAX, description: 'the works in the order shown: the caller’s own, online' }),
});

export const WorkCardSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  type: Type.String(),
  coverUrl: Type.String(),
  available: Type.Boolean({ description: 'false once the work went offline or into the recycle bin' }),
});

const BrandSchema = Type.Object(BrandFields);

export const ShowcaseSchema = Type.Object({
  id: Type.String(),
  ...BrandFields,
  published: Type.Boolean(),
  works: Type.Array(WorkCardSchema),
  visitCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

export const PublicShowcaseSchema = Type.Object({
  id: Type.String(),
  ...BrandFields,
  works: Type.Array(WorkCardSchema),
  visitCount: Type.Integer(),
});

export const PublishedBody = Type.Object({ published: Type.Boolean() });

export const LogoSchema = Type.Object({ url: Type.String() });

const LandingFields = {
  targetKind: literals(LANDING_TARGET_KINDS),
  targetId: Type.String({ minLength: 1, maxLength: 64, description: 'a work’s uid or a showcase’s id' }),
  headline: Type.String({ minLength: 1, maxLength: LANDING_HEADLINE_MAX }),
  text: Type.String({ maxLength: LANDING_TEXT_MAX }),
  ctaLabel: Type.String({ minLength: 1, maxLength: LANDING_CTA_MAX }),
  leadFields: Type.Array(literals(LEAD_FIELDS), { maxItems: LEAD_FIELDS.length, description: 'asked besides the name' }),
  consentText: Type.String({ maxLength: LANDING_CONSENT_MAX, description: 'a line visitors must agree to, or empty' }),
};

export const LandingPageBody = Type.Object(LandingFields);

export const LandingPageSchema = Type.Object({
  id: Type.String(),
  ...LandingFields,
  published: Type.Boolean(),
  targetName: Type.String(),
  leadCount: Type.Integer(),
  unhandledLeadCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

export const PublicLandingPageSchema = Type.Object({
  id: Type.String(),
  headline: Type.String(),
  text: Type.String(),
  ctaLabel: Type.String(),
  leadFields: Type.Array(literals(LEAD_FIELDS)),
  consentText: Type.String(),
  targetKind: literals(LANDING_TARGET_KINDS),
  work: Type.Union([WorkCardSchema, Type.Null()]),
  brand: Type.Union([BrandSchema, Type.Null()]),
  works: Type.Array(WorkCardSchema),
});

export const LeadBody = Type.Object({
  name: Type.String({ maxLength: LEAD_NAME_MAX }),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  company: Type.Optional(Type.String({ maxLength: LEAD_COMPANY_MAX })),
  message: Type.Optional(Type.String({ maxLength: LEAD_MESSAGE_MAX })),
  consent: Type.Optional(Type.Boolean()),
});

export const LeadReceivedSchema = Type.Object({ received: Type.Literal(true) });

export const LeadSchema = Type.Object({
  id: Type.Integer(),
  landingPageId: Type.String(),
  landingPageHeadline: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  company: Type.String(),
  message: Type.String(),
  handled: Type.Boolean(),
  createdAt: Type.Integer(),
});

export const LeadPageSchema = pageOf(LeadSchema);

const LeadFilter = {
  landingPageId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16}$', description: 'one landing page’s leads' })),
  handled: Type.Optional(Type.Boolean()),
};

export const LeadsQuery = Type.Object({
  ...LeadFilter,
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const LeadsExportQuery = Type.Object(LeadFilter);

export const HandledBody = Type.Object({ handled: Type.Boolean() });
export const HandledSchema = Type.Object({ handled: Type.Boolean() });
