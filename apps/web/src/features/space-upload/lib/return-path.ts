/**
 * Where /chooseAddress goes back to (docs/space-upload.md): a path of this site only, given in `return`, with the
 * chosen point added to its own query.
 */

export interface ChosenPlace {
  latitude: number;
  longitude: number;
  address: string;
}

/**
 * The `return` parameter when it is a path of this site: it starts with one '/' (never '//' or '/\', which a
 * browser reads as another host) and holds no control characters. Anything else is refused (null).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  // A URL parser must agree that the path stays on this site.
  try {
    const base = 'https://same.site';
    if (new URL(raw, base).origin !== base) return null;
  } catch {
    return null;
  }
  return raw;
}

/** Six decimals: about 10 cm, more than a phone's location knows. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** `return` with lat, lng and address set in its query; its other parameters and its #fragment are kept. */
export function returnWithPlace(returnPath: string, place: ChosenPlace): string {
  const hashAt = returnPath.indexOf('#');
  const hash = hashAt >= 0 ? returnPath.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? returnPath.slice(0, hashAt) : returnPath;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  query.set('lat', String(roundCoordinate(place.latitude)));
  query.set('lng', String(roundCoordinate(place.longitude)));
  query.set('address', place.address);
  return `${path}?${query.toString()}${hash}`;
}

/** The optional starting point (`lat`, `lng`); null unless both are numbers in range. */
export function startingPoint(lat: string | null, lng: string | null): { latitude: number; longitude: number } | null {
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** "31.2304° N, 121.4737° E" */
export function formatCoordinates({ latitude, longitude }: { latitude: number; longitude: number }): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}
