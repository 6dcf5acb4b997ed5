import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_PATH, SOFTWARE_WEBGL_ARGS } from '@spatia/viewers/software-webgl';

/**
 * Chromium drawing WebGL in software (SwiftShader), for the journeys that open a viewer: the default
 * launch options pass --disable-gpu, which would switch WebGL off. Use as `test.use({ launchOptions: SOFTWARE_WEBGL })`.
 */
export const SOFTWARE_WEBGL: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...SOFTWARE_WEBGL_ARGS,
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
