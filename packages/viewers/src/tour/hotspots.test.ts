import type { InfoHotspot, LinkHotspot } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { arrowTurn, hotspotMarker, infoPanelHtml, safeUrl, type HotspotContext } from './hotspots';
import { VIEWER_STRINGS } from './strings';

const context: HotspotContext = { strings: VIEWER_STRINGS.en, sceneNames: new Map([['a2', 'Garden <2>']]) };
const link: LinkHotspot = { kind: 'link', id: 'h1', yaw: 90, pitch: -20, targetSceneId: 'a2', arrowYaw: 60, label: '' };
const info: InfoHotspot = {
  kind: 'info',
  id: 'h2',
  yaw: -45,
  pitch: 10,
  title: 'Desk "A" & co',
  text: 'Line one\nline two\n\n<b>second</b> paragraph',
  imageUrl: 'https://cdn.example.com/a.jpg',
  linkUrl: 'https://example.com/?a=1&b=2',
};

describe('hotspot markers', () => {
  it('places a link hotspot in radians with a focusable button labelled by the target scene', () => {
    const marker = hotspotMarker(link, context);
    expect(marker.id).toBe('h1');
    expect(marker.position).toEqual({ yaw: Math.PI / 2, pitch: (-20 * Math.PI) / 180 });
    expect(marker.html).toContain('<button type="button" class="spv-hotspot spv-hotspot--link" data-hotspot-id="h1"');
    expect(marker.html).toContain('aria-label="Go to Garden &#60;2&#62;"');
    expect(marker.tooltip).toEqual({ content: 'Go to Garden &#60;2&#62;', position: 'top center' });
    expect(marker.data).toEqual({ hotspotId: 'h1', kind: 'link' });
    expect(marker.size).toEqual({ width: 72, height: 72 });
  });

  it('turns the arrow by arrowYaw relative to where the hotspot stands', () => {
    expect(hotspotMarker(link, context).html).toContain('rotateZ(-30deg)');
    expect(arrowTurn({ yaw: 0, arrowYaw: 0 })).toBe(0);
    expect(arrowTurn({ yaw: 170, arrowYaw: -170 })).toBe(20);
    expect(arrowTurn({ yaw: -170, arrowYaw: 170 })).toBe(-20);
    expect(arrowTurn({ yaw: 0, arrowYaw: 180 })).toBe(-180);
  });

  it('prefers the label the author wrote, and names an unknown target generically', () => {
    expect(hotspotMarker({ ...link, label: 'Side door' }, context).html).toContain('aria-label="Side door"');
    expect(hotspotMarker({ ...link, targetSceneId: 'gone' }, context).html).toContain('aria-label="Go to the next scene"');
    expect(hotspotMarker({ ...link, targetSceneId: 'gone' }, { ...context, strings: VIEWER_STRINGS.zh }).html).toContain(
      'aria-label="前往下一个场景"',
    );
  });

  it('escapes an info hotspot title in its button and tooltip', () => {
    const marker = hotspotMarker(info, context);
    expect(marker.html).toContain('aria-label="Desk &#34;A&#34; &#38; co"');
    expect(marker.data).toEqual({ hotspotId: 'h2', kind: 'info' });
    expect(hotspotMarker({ ...info, title: ' ' }, context).html).toContain('aria-label="Information"');
  });

  it('escapes ids too', () => {
    expect(hotspotMarker({ ...link, id: 'x"><img>' }, context).html).toContain('data-hotspot-id="x&#34;&#62;&#60;img&#62;"');
  });
});

describe('info panel', () => {
  it('shows title, picture, paragraphs and link, escaped', () => {
    const html = infoPanelHtml(info, VIEWER_STRINGS.en);
    expect(html).toContain('<h2 class="spv-info__title">Desk &#34;A&#34; &#38; co</h2>');
    expect(html).toContain('<img class="spv-info__image" src="https://cdn.example.com/a.jpg"');
    expect(html).toContain('<p class="spv-info__text">Line one<br>line two</p>');
    expect(html).toContain('<p class="spv-info__text">&#60;b&#62;second&#60;/b&#62; paragraph</p>');
    expect(html).toContain('href="https://example.com/?a=1&#38;b=2" target="_blank" rel="noopener noreferrer">Open link</a>');
  });

  it('leaves out an empty or unsafe picture and link', () => {
    const html = infoPanelHtml({ ...info, imageUrl: 'javascript:alert(1)', linkUrl: ' JaVa\tScript:alert(1)' }, VIEWER_STRINGS.zh);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<a ');
    expect(infoPanelHtml({ ...info, imageUrl: '', linkUrl: '' }, VIEWER_STRINGS.zh)).not.toMatch(/<img|<a /);
  });

  it('accepts http(s) and relative addresses only', () => {
    expect(safeUrl('http://a.b/c')).toBe('http://a.b/c');
    expect(safeUrl('scenes/a1/thumb.jpg')).toBe('scenes/a1/thumb.jpg');
    expect(safeUrl('//cdn.example.com/x.jpg')).toBe('//cdn.example.com/x.jpg');
    expect(safeUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeUrl('vbscript:x')).toBeNull();
    expect(safeUrl('   ')).toBeNull();
  });
});
