import { OFFLINE_CONTENT_SECURITY_POLICY } from '../modules/processing/offline-package.js';

/** The standalone viewer's index.html as vite writes it (packages/viewers/standalone/index.html). */
export const VIEWER_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Spatia</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
  </head>
  <body>
    <main id="tour" class="tour"></main>
  </body>
</html>
`;
export const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CONTENT_SECURITY_POLICY}" />`;
/** A name that becomes an element wherever text is taken for HTML. */
export const HOSTILE = '<img src=x onerror=alert(1)>';
