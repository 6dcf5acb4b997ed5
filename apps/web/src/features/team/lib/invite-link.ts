/** The sign-up link that makes its reader a first-level member of the inviter's team: the login page's register tab with the code filled in. */
export function teamInviteLink(code: string, origin: string): string {
  return `${origin}/login?mode=register&invite=${encodeURIComponent(code)}`;
}
