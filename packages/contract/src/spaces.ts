/**
 * Spaces (docs/spaces.md): a person's or an enterprise's own mini-site of their works (houses, shops, venues),
 * shared at `/spaceDetail?uid=…` (or `?website=…` for an enterprise's own address), with a shop at
 * `/space/shop?id=…` (the space's numeric id) of the market listings and bookable services of its works and
 * owner. A private space opens with its access code; its owner reads it without one.
 */
import type { MarketLicence } from './market.js';
import type { ServiceRequirementType } from './service-orders.js';
import { defineErrors } from './errors.js';
import spaceErrors from './spaces.errors.json' with { type: 'json' };

/** Spaces: 2741–2769. */
export const SpaceErrors = defineErrors(spaceErrors);

export const SPACE_KINDS = ['personal', 'enterprise'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];

export const SPACE_VISIBILITIES = ['public', 'private'] as const;
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number];

export const SPACE_NAME_MAX = 30;
export const SPACE_INTRO_MAX = 500;
export const SPACE_ADDRESS_MAX = 120;
export const SPACE_CONTACT_PHONE_MAX = 20;
/** A cover's or logo's address (a `/files/…` path or an https URL). */
export const SPACE_IMAGE_URL_MAX = 500;
/** Spaces one owner may have (deleted ones do not count). */
export const SPACES_PER_OWNER_MAX = 20;
/** A space's cover or logo as uploaded (`POST /api/c/space/image`); stored as WebP within 1600 px. */
export const SPACE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Works one space may hold. */
export const SPACE_WORKS_MAX = 200;
/** A private space's access code: 4–12 letters and digits. */
export const SPACE_ACCESS_CODE_PATTERN = /^[A-Za-z0-9]{4,12}$/;
/** An enterprise space's own address: `/spaceDetail?website=acme`. */
export const SPACE_WEBSITE_PATTERN = /^[a-z0-9][a-z0-9-]{2,31}$/;
export const SPACE_BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A contact phone: digits, spaces, +, - and parentheses. */
export const SPACE_CONTACT_PHONE_PATTERN = /^[0-9+\-() ]{3,20}$/;
export const SPACE_HOUSES_PAGE_SIZE_DEFAULT = 20;
export const SPACE_HOUSES_PAGE_SIZE_MAX = 50;

export const SPACE_LAYOUTS = ['grid', 'list', 'magazine'] as const;
export type SpaceLayout = (typeof SPACE_LAYOUTS)[number];

export const SPACE_TEMPLATE_CODES = ['classic', 'gallery', 'magazine', 'list', 'warm', 'enterprise'] as const;
export type SpaceTemplateCode = (typeof SPACE_TEMPLATE_CODES)[number];

/**
 * A space's look. The web draws a template from these fields only: `layout` arranges the works, `background`
 * and `accent` are `#rrggbb`, `dark` says the text is light on a dark background. `usesBrandColor`: the space's
 * brand colour (when it has one) replaces `accent`.
 */
export interface SpaceTemplate {
  code: SpaceTemplateCode;
  nameZh: string;
  nameEn: string;
  layout: SpaceLayout;
  background: string;
  accent: string;
  dark: boolean;
  usesBrandColor: boolean;
}

export const SPACE_TEMPLATES: readonly SpaceTemplate[] = [
  {
    code: 'classic',
    nameZh: '经典',
    nameEn: 'Classic',
    layout: 'grid',
    background: '#ffffff',
    accent: '#1668dc',
    dark: false,
    usesBrandColor: false,
  },
  {
    code: 'gallery',
    nameZh: '画廊',
    nameEn: 'Gallery',
    layout: 'grid',
    background: '#141414',
    accent: '#e6b450',
    dark: true,
    usesBrandColor: false,
  },
  {
    code: 'magazine',
    nameZh: '杂志',
    nameEn: 'Magazine',
    layout: 'magazine',
    background: '#fafaf7',
    accent: '#b42318',
    dark: false,
    usesBrandColor: false,
  },
  {
    code: 'list',
    nameZh: '列表',
    nameEn: 'List',
    layout: 'list',
    background: '#f5f7fa',
    accent: '#0f766e',
    dark: false,
    usesBrandColor: false,
  },
  {
    code: 'warm',
    nameZh: '暖阳',
    nameEn: 'Warm',
    layout: 'grid',
    background: '#fff7ed',
    accent: '#c2410c',
    dark: false,
    usesBrandColor: false,
  },
  {
    code: 'enterprise',
    nameZh: '企业',
    nameEn: 'Enterprise',
    layout: 'magazine',
    background: '#ffffff',
    accent: '#1668dc',
    dark: false,
    usesBrandColor: true,
  },
];

export const SPACE_TEMPLATE_DEFAULT: SpaceTemplateCode = 'classic';

export function isSpaceTemplateCode(code: string): code is SpaceTemplateCode {
  return (SPACE_TEMPLATE_CODES as readonly string[]).includes(code);
}

export function spaceTemplateOf(code: string): SpaceTemplate {
  return SPACE_TEMPLATES.find((template) => template.code === code) ?? SPACE_TEMPLATES[0]!;
}

/** A person as a space shows its owner. */
export interface SpaceOwner {
  uid: string;
  name: string;
  avatarUrl: string;
}

/** A work as a space shows it: a card that opens `/details/{uid}`. `type`: `panorama|model3d|pointcloud`. */
export interface SpaceWorkCard {
  uid: string;
  name: string;
  type: string;
  coverUrl: string;
  address: string;
  views: number;
}

/** One space in a list (`/mobile_space`, the owner's own list). */
export interface SpaceCard {
  uid: string;
  /** The shop id: `/space/shop?id=<id>`. */
  id: number;
  kind: SpaceKind;
  name: string;
  intro: string;
  coverUrl: string;
  logoUrl: string;
  /** Only the owner ever sees `private` ones. */
  visibility: SpaceVisibility;
  /** The works a visitor sees (published and online). */
  workCount: number;
}

/** `GET /api/space/detail`, and what every owner's write answers. */
export interface SpaceView {
  uid: string;
  id: number;
  kind: SpaceKind;
  name: string;
  intro: string;
  coverUrl: string;
  logoUrl: string;
  templateCode: SpaceTemplateCode;
  /** `#rrggbb`, or null. */
  brandColor: string | null;
  website: string | null;
  contactPhone: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  owner: SpaceOwner;
  /** In the space's order. A visitor sees the published, online ones; the owner sees all of them. */
  works: SpaceWorkCard[];
  /** The reader owns the space. */
  mine: boolean;
  /** Set only for the owner (a visitor never learns it). */
  visibility: SpaceVisibility;
}

/** The data of the 403 (code 2745) a private space answers without its code. */
export interface SpaceNeedsCode {
  name: string;
  needsCode: true;
}

/** `GET /api/space/person?uid=` (`/mobile_space?uid=`). */
export interface SpacePerson {
  owner: SpaceOwner & { intro?: string };
  /** Newest first; their public spaces, and for the owner the private ones too. */
  spaces: SpaceCard[];
}

/** A house's rental details, when its owner added them (rentals module). */
export interface HouseRental {
  rentFen: number;
  area: number;
  bedrooms: number;
  livingRooms: number;
  bathrooms: number;
  floor: number | null;
  totalFloors: number | null;
}

/** One house of `GET /api/space/houses`: a published panorama work with its details. */
export interface HouseCard {
  uid: string;
  name: string;
  coverUrl: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  views: number;
  rental: HouseRental | null;
}

export interface HousePage {
  list: HouseCard[];
  total: number;
}

/** A market listing on sale whose work is in the space. */
export interface ShopItem {
  listingId: number;
  work: SpaceWorkCard;
  priceFen: number;
  licence: MarketLicence;
}

/** A shoot type a customer can book from the space's owner (`/addOrder`), from the enabled price rules. */
export interface ShopService {
  requirementType: ServiceRequirementType;
  nameZh: string;
  nameEn: string;
  pricePerSiteFen: number;
  pricePerM2Fen: number;
  minimumFen: number;
  depositBps: number;
}

/** `GET /api/space/shop?id=`. */
export interface SpaceShop {
  space: SpaceCard & { templateCode: SpaceTemplateCode; brandColor: string | null; logoUrl: string };
  listings: ShopItem[];
  /** Empty unless the owner is a signed provider. */
  services: ShopService[];
}

/** `POST /api/c/space`. `accessCode` is required for a private space (and kept only as a salted hash). */
export interface SpaceInput {
  kind: SpaceKind;
  name: string;
  intro?: string;
  templateCode?: SpaceTemplateCode;
  visibility: SpaceVisibility;
  accessCode?: string;
  /** Only for kind `enterprise`; unique; null clears it. */
  website?: string | null;
  brandColor?: string | null;
  logoUrl?: string;
  coverUrl?: string;
  contactPhone?: string | null;
  address?: string;
  /** Both or neither. */
  latitude?: number | null;
  longitude?: number | null;
}

/** `PUT /api/c/space/{uid}`: any of the fields. Turning a space private needs an `accessCode`, unless it already has one. */
export type SpaceUpdate = Partial<SpaceInput>;

/** `PUT /api/c/space/{uid}/template`. */
export interface SpaceTemplateInput {
  templateCode: SpaceTemplateCode;
}

/** `PUT /api/c/space/{uid}/works`: the whole ordered list. */
export interface SpaceWorksInput {
  workUids: string[];
}

/** `POST /api/c/space/{uid}/works`: append one. */
export interface SpaceWorkAppend {
  workUid: string;
}
