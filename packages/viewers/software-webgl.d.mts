/** Where the system's Chromium is installed. */
export declare const CHROMIUM_PATH: string;
/** Launch arguments that make a headless Chromium draw WebGL in software (SwiftShader). */
export declare const SOFTWARE_WEBGL_ARGS: readonly string[];
