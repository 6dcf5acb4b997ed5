/**
 * How a headless Chromium draws WebGL in software (SwiftShader), for the scripts and journeys that open
 * a viewer: Playwright's default launch passes --disable-gpu, which would switch WebGL off.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SOFTWARE_WEBGL_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
