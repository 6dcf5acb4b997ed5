/** Small DOM pieces both 3D viewers use: icon buttons, the error box and fullscreen. */
import { trustedHtml, type Html } from './html';

export interface IconButtonOptions {
  label: string;
  /** One of `ICONS`: markup of ours, never text from a person. */
  icon: Html;
  className?: string;
  onClick: () => void;
  /** A toggle: sets aria-pressed. */
  pressed?: boolean;
}

/** A real `<button>`: reachable with Tab, used with Enter or Space, labelled for screen readers and as a tooltip. */
export function createIconButton(options: IconButtonOptions): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `s3d-button${options.className ? ` ${options.className}` : ''}`;
  button.innerHTML = options.icon.toString();
  setButtonLabel(button, options.label);
  if (options.pressed !== undefined) button.setAttribute('aria-pressed', String(options.pressed));
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    options.onClick();
  });
  return button;
}

/** A button that is on or off (`aria-pressed`): each click flips it and hands over the new state. */
export function createToggleButton(
  options: Omit<IconButtonOptions, 'onClick' | 'pressed'> & { pressed: boolean; onToggle: (pressed: boolean) => void },
): HTMLButtonElement {
  const button = createIconButton({
    ...options,
    onClick: () => {
      const pressed = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(pressed));
      options.onToggle(pressed);
    },
  });
  return button;
}

export function setButtonLabel(button: HTMLElement, label: string): void {
  button.setAttribute('aria-label', label);
  button.title = label;
}

interface WebkitDocument {
  webkitFullscreenEnabled?: boolean;
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => void;
}
interface WebkitElement {
  webkitRequestFullscreen?: () => void;
}

/** Replaces any error box in `root` with one saying what failed and what to do (`role="alert"`). */
export function showErrorBox(root: HTMLElement, message: string, hint: string): void {
  root.querySelector('.s3d-error')?.remove();
  const box = document.createElement('div');
  box.className = 's3d-error';
  box.setAttribute('role', 'alert');
  const inner = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = message;
  const detail = document.createElement('span');
  detail.textContent = hint;
  inner.append(title, detail);
  box.appendChild(inner);
  root.appendChild(box);
}

/** iPhone Safari has no element fullscreen: the button is left out there. */
export function canGoFullscreen(): boolean {
  const webkit = document as unknown as WebkitDocument;
  return Boolean(document.fullscreenEnabled || webkit.webkitFullscreenEnabled);
}

export function toggleFullscreen(element: HTMLElement): void {
  const webkit = document as unknown as WebkitDocument;
  const current = document.fullscreenElement ?? webkit.webkitFullscreenElement ?? null;
  if (current) {
    if (document.exitFullscreen) void document.exitFullscreen().catch(() => undefined);
    else webkit.webkitExitFullscreen?.();
    return;
  }
  if (element.requestFullscreen) void element.requestFullscreen().catch(() => undefined);
  else (element as unknown as WebkitElement).webkitRequestFullscreen?.();
}

export const ICONS = {
  reset: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z"/></svg>',
  ),
  rotate: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 6c-5 0-9 1.8-9 4.5 0 2.2 2.7 3.9 6.5 4.4V18l4-3.5-4-3.5v2.4C6.9 13 5 11.8 5 10.5 5 9.1 7.9 8 12 8s7 1.1 7 2.5c0 1-1.4 1.9-3.6 2.3v2c3.4-.6 5.6-2.3 5.6-4.3C21 7.8 17 6 12 6z"/></svg>',
  ),
  fullscreen: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z"/></svg>',
  ),
  ar: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2 3 7v10l9 5 9-5V7zm0 2.3 6.5 3.6L12 11.5 5.5 7.9zM5 9.6l6 3.3v6.6l-6-3.3zm8 9.9v-6.6l6-3.3v6.6z"/></svg>',
  ),
  distance: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" d="M4 18 20 6"/><circle cx="4" cy="18" r="2.5" fill="currentColor"/><circle cx="20" cy="6" r="2.5" fill="currentColor"/></svg>',
  ),
  area: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" fill-opacity=".35" stroke="currentColor" stroke-width="2" d="M4 17 9 5l11 4-3 10z"/></svg>',
  ),
  height: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" d="M12 3v18M8 7l4-4 4 4M8 17l4 4 4-4"/></svg>',
  ),
  edl: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2v14a7 7 0 0 1 0-14z"/></svg>',
  ),
  remove: trustedHtml(
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2" d="M6 6l12 12M18 6 6 18"/></svg>',
  ),
};
