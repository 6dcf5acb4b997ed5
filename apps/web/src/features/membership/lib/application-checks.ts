/** What the registration dialog holds when Confirm is pressed. */
export interface ApplicationDraft {
  companyName?: string;
  name?: string;
  phone?: string;
  versionId?: number;
  licenceImages: readonly string[];
  /** Licence images still uploading. */
  uploading: number;
}

/** The warnings of spec 5, by translation key under `membership.checks`. */
export type ApplicationProblem = 'entityName' | 'nameAndPhone' | 'version' | 'licence' | 'uploading';

const blank = (value: string | undefined) => !value || value.trim() === '';

/**
 * Spec 5's checks on submit, in its order: company name, then name and phone, then version. The licence
 * (spec 5: registration requires one) comes after them, and a licence still uploading last.
 */
export function firstApplicationProblem(draft: ApplicationDraft): ApplicationProblem | null {
  if (blank(draft.companyName)) return 'entityName';
  if (blank(draft.name) || blank(draft.phone)) return 'nameAndPhone';
  if (!draft.versionId) return 'version';
  if (draft.licenceImages.length === 0) return draft.uploading > 0 ? 'uploading' : 'licence';
  if (draft.uploading > 0) return 'uploading';
  return null;
}
