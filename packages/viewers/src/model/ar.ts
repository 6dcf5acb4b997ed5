/**
 * Which AR path a browser gets (docs/viewers-3d.md "AR"):
 * 1. WebXR `immersive-ar` (Chrome on ARCore phones, headsets): our own session with hit-test placement.
 * 2. iOS Safari: AR Quick Look, a USDZ exported in the browser and opened through `<a rel="ar">`.
 * 3. Android without WebXR AR: Scene Viewer through an intent link with the GLB's absolute address.
 * Otherwise no AR button.
 */
export type ArMode = 'webxr' | 'quick-look' | 'scene-viewer';

export interface ArEnvironment {
  /** `navigator.xr.isSessionSupported('immersive-ar')` answered true. */
  webxrAr: boolean;
  /** `document.createElement('a').relList.supports('ar')`: Safari with AR Quick Look. */
  quickLook: boolean;
  isIos: boolean;
  isAndroid: boolean;
}

export function chooseArMode(environment: ArEnvironment): ArMode | null {
  if (environment.webxrAr) return 'webxr';
  if (environment.isIos && environment.quickLook) return 'quick-look';
  if (environment.isAndroid) return 'scene-viewer';
  return null;
}

/** iPadOS Safari says it is a Mac; its touch points give it away. */
export function isIosUserAgent(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function isAndroidUserAgent(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}

async function supportsWebxrAr(): Promise<boolean> {
  try {
    return (await navigator.xr?.isSessionSupported('immersive-ar')) === true;
  } catch {
    return false;
  }
}

function supportsQuickLook(): boolean {
  try {
    return document.createElement('a').relList.supports('ar');
  } catch {
    return false;
  }
}

/** Reads the browser; WebXR's answer is asynchronous. */
export async function readArEnvironment(): Promise<ArEnvironment> {
  const userAgent = navigator.userAgent;
  return {
    webxrAr: await supportsWebxrAr(),
    quickLook: supportsQuickLook(),
    isIos: isIosUserAgent(userAgent, navigator.maxTouchPoints ?? 0),
    isAndroid: isAndroidUserAgent(userAgent),
  };
}

/**
 * Scene Viewer's intent (developers.google.com/ar/develop/scene-viewer): `file` must be an absolute
 * https address the phone can fetch; `fallbackUrl` is where Chrome goes when Google Play Services for
 * AR is missing.
 */
export function sceneViewerIntentUrl(modelUrl: string, pageUrl: string, title?: string): string {
  const absolute = new URL(modelUrl, pageUrl).href;
  const query = new URLSearchParams({ file: absolute, mode: 'ar_preferred' });
  if (title) query.set('title', title);
  return (
    `intent://arvr.google.com/scene-viewer/1.2?${query.toString()}` +
    `#Intent;scheme=https;package=com.google.ar.core;action=android.intent.action.VIEW;` +
    `S.browser_fallback_url=${encodeURIComponent(pageUrl)};end;`
  );
}
