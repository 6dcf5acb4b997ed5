/** The public page's address: what the share dialog shows, copies and turns into a QR code. */
export function publicWorkUrl(origin: string, uid: string): string {
  return `${origin.replace(/\/+$/, '')}/details/${encodeURIComponent(uid)}`;
}

/**
 * The same embed code the owner's share endpoint (GET /api/model/{uid}/share) gives, built here
 * because that endpoint is for owners: the page itself in an iframe, `?embed=1` showing only the viewer.
 */
export function embedCode(url: string, name: string): string {
  const title = name.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<iframe src="${url}?embed=1" title="${title}" width="800" height="600" style="border:0" allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking" allowfullscreen></iframe>`;
}
