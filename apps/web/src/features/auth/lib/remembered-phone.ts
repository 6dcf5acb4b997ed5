/**
 * "Remember my phone number": only the phone is kept (never a password), in local storage. Logout
 * clears local storage (spec 4); features/auth/api/logout.ts writes this one value back, as it does
 * the language, because it is a preference the user asked for, not session data.
 */
const STORAGE_KEY = 'spatia_remembered_phone';

export function readRememberedPhone(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPhone(phone: string | null): void {
  try {
    if (phone) localStorage.setItem(STORAGE_KEY, phone);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: nothing to remember with.
  }
}
