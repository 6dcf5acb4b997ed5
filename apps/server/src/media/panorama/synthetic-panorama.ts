import sharp from 'sharp';

export interface SyntheticPanoramaOptions {
  /** 2:1 is expected; the drawing is stretched to whatever is asked. */
  width: number;
  height: number;
  /** Drawn large above the horizon at yaw 0 and yaw 180° (e.g. "Living room 客厅"), so that demo scenes differ. */
  label?: string;
}

/** The drawing's own coordinates: 4096 × 2048 units whatever the output size, x = yaw, y = pitch. */
const UNITS_WIDE = 4096;
const UNITS_HIGH = 2048;
const HORIZON = UNITS_HIGH / 2;
const FONT = "'Noto Sans CJK SC', 'Noto Sans', sans-serif";

/** Cardinal markers on the horizon; N at yaw 0, the image's horizontal middle, E to its right. */
const CARDINALS = [
  { yaw: 0, text: 'N 北', colour: '#d93025' },
  { yaw: 90, text: 'E 东', colour: '#f9ab00' },
  { yaw: 180, text: 'S 南', colour: '#1a73e8' },
  { yaw: -90, text: 'W 西', colour: '#188038' },
] as const;

/**
 * A recognisable equirectangular scene as a JPEG, for demo content, tests and the benchmark: a sky
 * gradient above the horizon, a grid on the ground below (every 15° of yaw, every 10° of pitch),
 * degree marks along the horizon every 30°, and the cardinal markers N/E/S/W with 北/东/南/西 at yaw
 * 0/90/180/-90. Drawn as SVG by sharp at the asked size; at 16384×8192 that takes a second or two and
 * about 1 GB of memory while it draws.
 */
export async function renderSyntheticPanorama({ width, height, label }: SyntheticPanoramaOptions): Promise<Buffer> {
  return sharp(Buffer.from(syntheticPanoramaSvg(width, height, label)))
    .flatten({ background: '#000000' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function syntheticPanoramaSvg(width: number, height: number, label: string | undefined): string {
  const xOfYaw = (yaw: number) => ((yaw + 180) / 360) * UNITS_WIDE;
  const yOfPitch = (pitch: number) => ((90 - pitch) / 180) * UNITS_HIGH;
  const grid: string[] = [];
  for (let yaw = -180; yaw <= 180; yaw += 15) grid.push(`M${xOfYaw(yaw)} ${HORIZON}V${UNITS_HIGH}`);
  for (let pitch = -10; pitch > -90; pitch -= 10) grid.push(`M0 ${yOfPitch(pitch)}H${UNITS_WIDE}`);
  const degreeMarks: string[] = [];
  for (let yaw = -150; yaw < 180; yaw += 30) {
    if (yaw % 90 === 0) continue;
    degreeMarks.push(
      `<text x="${xOfYaw(yaw)}" y="${HORIZON - 14}" font-size="36" text-anchor="middle" fill="#ffffff" fill-opacity="0.85">${yaw}°</text>`,
    );
  }
  const markers = CARDINALS.flatMap(({ yaw, text, colour }) =>
    // S sits on the seam: drawn at both edges so that each half shows.
    (yaw === 180 ? [-180, 180] : [yaw]).map((at) => {
      const x = xOfYaw(at);
      return (
        `<path d="M${x} ${HORIZON}V${HORIZON - 150}" stroke="${colour}" stroke-width="8"/>` +
        `<rect x="${x - 110}" y="${HORIZON - 250}" width="220" height="110" rx="18" fill="${colour}" stroke="#ffffff" stroke-width="6"/>` +
        `<text x="${x}" y="${HORIZON - 168}" font-size="72" font-weight="bold" text-anchor="middle" fill="#ffffff">${text}</text>`
      );
    }),
  );
  const labels = label
    ? [0, 180, -180]
        .map(
          (yaw) =>
            `<text x="${xOfYaw(yaw)}" y="${yOfPitch(35)}" font-size="120" font-weight="bold" text-anchor="middle" fill="#ffffff" stroke="#0b1d40" stroke-width="6" paint-order="stroke">${escapeXml(label)}</text>`,
        )
        .join('')
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${UNITS_WIDE} ${UNITS_HIGH}" preserveAspectRatio="none" font-family="${FONT}">` +
    '<defs>' +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c2461"/><stop offset="0.7" stop-color="#4a90d9"/><stop offset="1" stop-color="#cfe8fb"/></linearGradient>` +
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a9a56"/><stop offset="1" stop-color="#2b3520"/></linearGradient>` +
    '</defs>' +
    `<rect width="${UNITS_WIDE}" height="${HORIZON}" fill="url(#sky)"/>` +
    `<rect y="${HORIZON}" width="${UNITS_WIDE}" height="${HORIZON}" fill="url(#ground)"/>` +
    `<path d="${grid.join('')}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="3" fill="none"/>` +
    `<path d="M0 ${HORIZON}H${UNITS_WIDE}" stroke="#ffffff" stroke-width="4"/>` +
    degreeMarks.join('') +
    markers.join('') +
    labels +
    '</svg>'
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
