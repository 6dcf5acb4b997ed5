/** The public pages' paths (open without a token under spec 2.1: they start with /space). */
export const showcasePath = (id: string) => `/space/showcase/${encodeURIComponent(id)}`;
export const landingPath = (id: string) => `/space/landing/${encodeURIComponent(id)}`;
export const workPath = (uid: string) => `/details/${encodeURIComponent(uid)}`;

/** The absolute link a QR code and the copy button carry. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

/** Black or white text, whichever reads better on the brand colour (WCAG relative luminance). */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white (1.05 / (L + 0.05)) beats contrast against black ((L + 0.05) / 0.05) below L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
