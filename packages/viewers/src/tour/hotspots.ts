import type { Hotspot, InfoHotspot, LinkHotspot } from '@spatia/contract';
import type { MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import { escapeHtml, html, trustedHtml } from '../shared/html';
import { fillPlaceholders } from '../shared/language';
import type { ViewerStrings } from './strings';
import { toPosition } from './view';

/** Side of a hotspot's button, CSS pixels: a floor arrow is drawn flattened, so it gets more room. */
export const HOTSPOT_SIZE = { link: 72, info: 48 } as const;

/** What a marker carries back to the viewer when it is used. */
export interface HotspotMarkerData {
  hotspotId: string;
  kind: Hotspot['kind'];
}

export interface HotspotContext {
  strings: ViewerStrings;
  /** Scene names by id, for link labels left empty. */
  sceneNames: ReadonlyMap<string, string>;
}

/** Web addresses a hotspot may open or show: http(s) and relative ones; never `javascript:` or `data:`. */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"); so does this test, dropping
  // every C0 control character and the space (U+0000 to U+0020).
  const compact = Array.from(trimmed)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return ['http', 'https'].includes(scheme[1]!.toLowerCase()) ? trimmed : null;
  return trimmed;
}

export function linkLabel(hotspot: LinkHotspot, context: HotspotContext): string {
  if (hotspot.label.trim()) return hotspot.label.trim();
  const target = context.sceneNames.get(hotspot.targetSceneId);
  return target ? fillPlaceholders(context.strings.goToScene, { name: target }) : context.strings.nextScene;
}

export function infoLabel(hotspot: InfoHotspot, context: HotspotContext): string {
  return hotspot.title.trim() || context.strings.infoHotspot;
}

/**
 * A floor arrow's turn on screen: 0 points straight away from the viewer. It depends only on where
 * the arrow points relative to where it stands, so it never changes while the view turns.
 */
export function arrowTurn(hotspot: Pick<LinkHotspot, 'yaw' | 'arrowYaw'>): number {
  const turn = ((((hotspot.arrowYaw - hotspot.yaw) % 360) + 540) % 360) - 180;
  return Object.is(turn, -0) ? 0 : turn;
}

const ARROW_ICON = trustedHtml(
  '<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><path d="M24 3 44 24H32V45H16V24H4Z" stroke="rgba(15,23,42,0.45)" stroke-width="2" stroke-linejoin="round"/></svg>',
);
const INFO_ICON = trustedHtml(
  '<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="13" r="4"/><path d="M19 20h8v17h4v4H17v-4h4V24h-2Z"/></svg>',
);

/** The marker Photo Sphere Viewer's MarkersPlugin draws for a hotspot: a real button, reachable with Tab. */
export function hotspotMarker(hotspot: Hotspot, context: HotspotContext): MarkerConfig {
  const label = hotspot.kind === 'link' ? linkLabel(hotspot, context) : infoLabel(hotspot, context);
  const data: HotspotMarkerData = { hotspotId: hotspot.id, kind: hotspot.kind };
  const inner =
    hotspot.kind === 'link'
      ? html`<span class="spv-hotspot__arrow" style="transform: rotateX(50deg) rotateZ(${arrowTurn(hotspot)}deg)">${ARROW_ICON}</span>`
      : html`<span class="spv-hotspot__icon">${INFO_ICON}</span>`;
  return {
    id: hotspot.id,
    position: toPosition(hotspot),
    html: html`<button type="button" class="spv-hotspot spv-hotspot--${hotspot.kind}" data-hotspot-id="${hotspot.id}" aria-label="${label}">${inner}</button>`.toString(),
    size: { width: HOTSPOT_SIZE[hotspot.kind], height: HOTSPOT_SIZE[hotspot.kind] },
    anchor: 'center center',
    tooltip: { content: escapeHtml(label), position: 'top center' },
    data,
  };
}

/** The side panel of an info hotspot: title, picture, text and link; everything escaped, unsafe addresses left out. */
export function infoPanelHtml(hotspot: InfoHotspot, strings: ViewerStrings): string {
  const image = safeUrl(hotspot.imageUrl);
  const link = safeUrl(hotspot.linkUrl);
  const paragraphs = hotspot.text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        html`<p class="spv-info__text">${paragraph.split('\n').map((line, index) => html`${index > 0 && html`<br>`}${line}`)}</p>`,
    );
  const title = hotspot.title.trim() || strings.infoHotspot;
  return html`<article class="spv-info" aria-label="${title}"><h2 class="spv-info__title">${title}</h2>${
    image && html`<img class="spv-info__image" src="${image}" alt="${title}" loading="lazy">`
  }${paragraphs}${
    link && html`<a class="spv-info__link" href="${link}" target="_blank" rel="noopener noreferrer">${strings.openLink}</a>`
  }</article>`.toString();
}
