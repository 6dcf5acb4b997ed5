import { describe, expect, it } from 'vitest';
import { chooseArMode, isAndroidUserAgent, isIosUserAgent, sceneViewerIntentUrl } from './ar';

const none = { webxrAr: false, quickLook: false, isIos: false, isAndroid: false };

describe('AR availability', () => {
  it('prefers WebXR wherever immersive-ar is supported', () => {
    expect(chooseArMode({ ...none, webxrAr: true, isAndroid: true })).toBe('webxr');
  });

  it('uses Quick Look on iOS Safari, and nothing on iOS browsers without it', () => {
    expect(chooseArMode({ ...none, isIos: true, quickLook: true })).toBe('quick-look');
    expect(chooseArMode({ ...none, isIos: true })).toBeNull();
  });

  it('uses Scene Viewer on Android without WebXR AR', () => {
    expect(chooseArMode({ ...none, isAndroid: true })).toBe('scene-viewer');
  });

  it('shows no AR on a desktop', () => {
    expect(chooseArMode(none)).toBeNull();
  });

  it('recognises iPhones, iPads posing as Macs, and Android', () => {
    expect(isIosUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isIosUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIosUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isAndroidUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
  });

  it("builds Scene Viewer's intent with the GLB's absolute address", () => {
    const url = sceneViewerIntentUrl('/files/m1/model.glb', 'https://spatia.example/w/m1', 'Chair');
    expect(url.startsWith('intent://arvr.google.com/scene-viewer/1.2?')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1, url.indexOf('#')));
    expect(query.get('file')).toBe('https://spatia.example/files/m1/model.glb');
    expect(query.get('mode')).toBe('ar_preferred');
    expect(url).toContain('package=com.google.ar.core');
    expect(url).toContain(`S.browser_fallback_url=${encodeURIComponent('https://spatia.example/w/m1')};end;`);
  });
});
