import vm from 'node:vm';
import { OFFLINE_IMAGE_CALLBACK, OFFLINE_NARRATIONS_GLOBAL, OFFLINE_TOUR_GLOBAL, type PublicNarration, type Tour } from '@spatia/contract';
import { OFFLINE_CONTENT_SECURITY_POLICY } from '../modules/offline-packages/offline-packages.service.js';

/** The standalone viewer's index.html (packages/viewers/standalone/public/index.html). */
export const VIEWER_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Spatia</title>
    <link rel="stylesheet" href="./viewer.css" />
  </head>
  <body>
    <main id="tour" class="tour"></main>
    <script src="./tour.js"></script>
    <script src="./viewer.js"></script>
  </body>
</html>
`;
export const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CONTENT_SECURITY_POLICY}" />`;
/** A name that becomes an element wherever text is taken for HTML. */
export const HOSTILE = '<img src=x onerror=alert(1)>';

/** Runs a package's tour.js as a browser would, and returns the tour it leaves on `window`. */
export function runTourScript(source: string): Tour {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(source, { window });
  return window[OFFLINE_TOUR_GLOBAL] as Tour;
}

/** Runs a package's tour.js as a browser would, and returns the narrated guides it leaves on `window`. */
export function runNarrationsOfTourScript(source: string): PublicNarration[] {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(source, { window });
  return window[OFFLINE_NARRATIONS_GLOBAL] as PublicNarration[];
}

/** Runs a package's image script, and returns what it hands the viewer (a data: URL). */
export function runImageScript(source: string): string[] {
  const received: string[] = [];
  vm.runInNewContext(source, { window: { [OFFLINE_IMAGE_CALLBACK]: (dataUrl: string) => received.push(dataUrl) } });
  return received;
}
