import {
  SPACE_ACCESS_CODE_PATTERN,
  SPACE_BRAND_COLOR_PATTERN,
  SPACE_CONTACT_PHONE_PATTERN,
  SPACE_WEBSITE_PATTERN,
  type SpaceInput,
  type SpaceKind,
  type SpaceUpdate,
  type SpaceView,
  type SpaceVisibility,
} from '@spatia/contract';

/** What the space form holds, as typed (strings; empty means not given). */
export interface SpaceFormValues {
  kind: SpaceKind;
  name: string;
  intro: string;
  coverUrl: string;
  logoUrl: string;
  visibility: SpaceVisibility;
  /** Empty while editing a private space: it keeps its code. */
  accessCode: string;
  website: string;
  brandColor: string;
  contactPhone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export const EMPTY_SPACE_FORM: SpaceFormValues = {
  kind: 'personal',
  name: '',
  intro: '',
  coverUrl: '',
  logoUrl: '',
  visibility: 'public',
  accessCode: '',
  website: '',
  brandColor: '',
  contactPhone: '',
  address: '',
  latitude: null,
  longitude: null,
};

/** One of my spaces, as the form starts editing it. */
export function formValuesOf(space: SpaceView): SpaceFormValues {
  return {
    kind: space.kind,
    name: space.name,
    intro: space.intro,
    coverUrl: space.coverUrl,
    logoUrl: space.logoUrl,
    visibility: space.visibility,
    accessCode: '',
    website: space.website ?? '',
    brandColor: space.brandColor ?? '',
    contactPhone: space.contactPhone ?? '',
    address: space.address,
    latitude: space.latitude,
    longitude: space.longitude,
  };
}

/**
 * What the server is sent. The enterprise fields go only with an enterprise space (editing one back to
 * personal clears them); an empty access code is left out (a private space being edited keeps its own).
 */
export function spaceInputOf(values: SpaceFormValues): SpaceInput {
  const enterprise = values.kind === 'enterprise';
  const located = values.latitude !== null && values.longitude !== null;
  return {
    kind: values.kind,
    name: values.name.trim(),
    intro: values.intro.trim(),
    visibility: values.visibility,
    ...(values.visibility === 'private' && values.accessCode.trim() ? { accessCode: values.accessCode.trim() } : {}),
    coverUrl: values.coverUrl,
    logoUrl: enterprise ? values.logoUrl : '',
    website: enterprise && values.website.trim() ? values.website.trim().toLowerCase() : null,
    brandColor: enterprise && values.brandColor.trim() ? values.brandColor.trim().toLowerCase() : null,
    contactPhone: values.contactPhone.trim() || null,
    address: values.address.trim(),
    latitude: located ? values.latitude : null,
    longitude: located ? values.longitude : null,
  };
}

/** An edit sends every field: the form shows them all. */
export function spaceUpdateOf(values: SpaceFormValues): SpaceUpdate {
  return spaceInputOf(values);
}

/** The i18n key of what is wrong with a field, or undefined. The server checks again. */
export const spaceFieldRules = {
  accessCode(code: string, visibility: SpaceVisibility, hasCode: boolean): string | undefined {
    if (visibility !== 'private') return undefined;
    const value = code.trim();
    if (!value) return hasCode ? undefined : 'spacePages.form.accessCodeRequired';
    return SPACE_ACCESS_CODE_PATTERN.test(value) ? undefined : 'spacePages.form.accessCodeInvalid';
  },
  website(website: string): string | undefined {
    const value = website.trim().toLowerCase();
    return !value || SPACE_WEBSITE_PATTERN.test(value) ? undefined : 'spacePages.form.websiteInvalid';
  },
  brandColor(color: string): string | undefined {
    const value = color.trim();
    return !value || SPACE_BRAND_COLOR_PATTERN.test(value) ? undefined : 'spacePages.form.brandColorInvalid';
  },
  contactPhone(phone: string): string | undefined {
    const value = phone.trim();
    return !value || SPACE_CONTACT_PHONE_PATTERN.test(value) ? undefined : 'spacePages.form.contactPhoneInvalid';
  },
};

// ---- the form kept while the map picks an address ----

const DRAFT_PREFIX = 'spatia.spaceDraft:';

/** The draft's key: one per space being edited, one for a new space. */
export function draftKeyOf(uid: string | undefined): string {
  return `${DRAFT_PREFIX}${uid ?? 'new'}`;
}

/** Keeps the form in this tab while the person is on the map page. */
export function saveDraft(key: string, values: SpaceFormValues, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(key, JSON.stringify(values));
  } catch {
    // Private browsing with storage off: the form starts again, the address still comes back.
  }
}

/** The kept form, once: it is removed as it is read. Anything that does not look like the form is ignored. */
export function takeDraft(key: string, storage: Storage = window.sessionStorage): SpaceFormValues | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
    storage.removeItem(key);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const draft = { ...EMPTY_SPACE_FORM };
    for (const field of Object.keys(EMPTY_SPACE_FORM) as (keyof SpaceFormValues)[]) {
      const kept = (value as Record<string, unknown>)[field];
      const expected = typeof EMPTY_SPACE_FORM[field];
      if (field === 'latitude' || field === 'longitude') {
        if (typeof kept === 'number' && Number.isFinite(kept)) draft[field] = kept;
      } else if (typeof kept === expected) {
        (draft as Record<string, unknown>)[field] = kept;
      }
    }
    if (draft.kind !== 'personal' && draft.kind !== 'enterprise') draft.kind = 'personal';
    if (draft.visibility !== 'public' && draft.visibility !== 'private') draft.visibility = 'public';
    return draft;
  } catch {
    return undefined;
  }
}

export interface ChosenAddress {
  latitude: number;
  longitude: number;
  address: string;
}

/** The address the map page came back with (`lat`, `lng`, `address`), or undefined when there is none or it is not sound. */
export function chosenAddressOf(params: URLSearchParams): ChosenAddress | undefined {
  const lat = params.get('lat');
  const lng = params.get('lng');
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return undefined;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude, address: (params.get('address') ?? '').trim() };
}

/** The query without what the map page added, so that a reload does not apply the address again. */
export function withoutChosenAddress(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const name of ['lat', 'lng', 'address']) rest.delete(name);
  return rest;
}
