/** Only same-origin absolute paths may be used as a post-login target (no `//host` or `https:`). */
export function safeRedirectTarget(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
