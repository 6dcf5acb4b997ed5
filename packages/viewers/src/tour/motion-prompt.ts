import type { ViewerStrings } from './strings';

interface DeviceOrientationWithPermission {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

/** iOS asks for motion access, and only inside a user gesture. */
export function needsMotionPermission(): boolean {
  const orientation = (globalThis as { DeviceOrientationEvent?: DeviceOrientationWithPermission }).DeviceOrientationEvent;
  return typeof orientation?.requestPermission === 'function';
}

/**
 * Asks for motion access. Must run synchronously inside a tap handler: iOS refuses the request
 * otherwise. Resolves true where no permission is needed.
 */
export function requestMotionPermission(): Promise<boolean> {
  const orientation = (globalThis as { DeviceOrientationEvent?: DeviceOrientationWithPermission }).DeviceOrientationEvent;
  if (typeof orientation?.requestPermission !== 'function') return Promise.resolve(true);
  return orientation.requestPermission().then(
    (answer) => answer === 'granted',
    () => false,
  );
}

/**
 * A bar over the viewer: "Look around by moving your phone? [Turn on] [Not now]". The Turn on button
 * is the user gesture iOS needs. Returns a function that removes it.
 */
export function showMotionPrompt(parent: HTMLElement, strings: ViewerStrings, onAnswer: (enable: boolean) => void): () => void {
  const prompt = document.createElement('div');
  prompt.className = 'spv-prompt';
  prompt.setAttribute('role', 'dialog');
  prompt.setAttribute('aria-label', strings.motionTitle);
  const text = document.createElement('p');
  text.className = 'spv-prompt__text';
  text.textContent = strings.motionTitle;
  const enable = document.createElement('button');
  enable.type = 'button';
  enable.className = 'spv-prompt__button spv-prompt__button--primary';
  enable.textContent = strings.motionEnable;
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'spv-prompt__button';
  later.textContent = strings.motionLater;
  prompt.append(text, enable, later);

  const remove = () => prompt.remove();
  const answer = (value: boolean) => (event: Event) => {
    // Keep the tap from reaching the viewer (it would count as a drag start or a marker click).
    event.stopPropagation();
    remove();
    onAnswer(value);
  };
  enable.addEventListener('click', answer(true));
  later.addEventListener('click', answer(false));
  for (const type of ['mousedown', 'touchstart'] as const) prompt.addEventListener(type, (event) => event.stopPropagation());
  parent.append(prompt);
  return remove;
}
