import type { LaunchOptions } from '@playwright/test';

/**
 * Chromium drawing WebGL in software (SwiftShader), for the journeys that open a viewer: the default
 * launch options pass --disable-gpu, which would switch WebGL off. Use as `test.use({ launchOptions: SOFTWARE_WEBGL })`.
 */
export const SOFTWARE_WEBGL: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
