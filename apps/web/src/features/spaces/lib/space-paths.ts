/** The phone pages of spaces (spec 2.5) and where they lead. */

export function spaceDetailPath(uid: string, code?: string): string {
  return `/spaceDetail?uid=${encodeURIComponent(uid)}${code ? `&code=${encodeURIComponent(code)}` : ''}`;
}

/** An enterprise space's own address. */
export function spaceWebsitePath(website: string): string {
  return `/spaceDetail?website=${encodeURIComponent(website)}`;
}

/** The space's shop: its numeric id. */
export function spaceShopPath(id: number): string {
  return `/space/shop?id=${id}`;
}

export function spaceTemplatePath(uid: string): string {
  return `/space/template?id=${encodeURIComponent(uid)}`;
}

/** The space form: a new space, or one of mine to edit. */
export function spaceFormPath(uid?: string): string {
  return uid ? `/space/new?uid=${encodeURIComponent(uid)}` : '/space/new';
}

/** A person's spaces (their user uid). */
export function personSpacesPath(userUid: string): string {
  return `/mobile_space?uid=${encodeURIComponent(userUid)}`;
}

/** A person's houses (their user uid). */
export function personHousesPath(userUid: string): string {
  return `/space/house?uid=${encodeURIComponent(userUid)}`;
}

/** The phone's panorama upload, for this space (its works are added there once processed). */
export function spaceUploadPath(spaceUid: string): string {
  return `/space/upload?space=${encodeURIComponent(spaceUid)}`;
}

/** A work's public page, with its viewer. */
export function workPagePath(workUid: string): string {
  return `/details/${encodeURIComponent(workUid)}`;
}

/** The map's address picker, which comes back to `returnTo` with `lat`, `lng` and `address` added. */
export function chooseAddressPath(returnTo: string): string {
  return `/chooseAddress?return=${encodeURIComponent(returnTo)}`;
}

/** A path made absolute on this site, for a share link or a QR code. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return `${origin}${path}`;
}
