/**
 * The thin bar at the top of the window while a navigation (or a lazy page) loads: nprogress's behaviour and
 * markup (`#nprogress .bar .peg`, styled by nprogress.css and styles/global.css) in a few lines of our own, since
 * it runs on every page's first script (docs/web.md, "Loading"). Its template has no `role="bar"` (no ARIA role).
 */
const MINIMUM = 0.08;
const SPEED_MS = 200;
const TRICKLE_MS = 120;

let status: number | null = null;
let element: HTMLElement | undefined;
let bar: HTMLElement | undefined;
let trickle: ReturnType<typeof setTimeout> | undefined;
let fading: ReturnType<typeof setTimeout> | undefined;

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

function place(n: number): void {
  if (bar) bar.style.transform = `translate3d(${(-1 + n) * 100}%,0,0)`;
}

function render(): void {
  if (element) return;
  element = document.createElement('div');
  element.id = 'nprogress';
  element.innerHTML = '<div class="bar"><div class="peg"></div></div>';
  bar = element.firstElementChild as HTMLElement;
  place(0);
  document.body.appendChild(element);
}

function remove(): void {
  element?.remove();
  element = undefined;
  bar = undefined;
}

function set(n: number): void {
  const value = clamp(n, MINIMUM, 1);
  status = value === 1 ? null : value;
  clearTimeout(fading);
  render();
  if (!element || !bar) return;
  element.style.transition = 'none';
  element.style.opacity = '1';
  void bar.offsetWidth;
  bar.style.transition = `all ${SPEED_MS}ms ease`;
  place(value);
  if (value < 1) return;
  fading = setTimeout(() => {
    if (!element) return;
    element.style.transition = `all ${SPEED_MS}ms linear`;
    element.style.opacity = '0';
    fading = setTimeout(remove, SPEED_MS);
  }, SPEED_MS);
}

/** Steps forward, less the further it is: the bar never arrives before done(). */
function increment(): void {
  if (status === null) return;
  const step = status < 0.2 ? 0.1 : status < 0.5 ? 0.04 : status < 0.8 ? 0.02 : status < 0.99 ? 0.005 : 0;
  set(clamp(status + step, 0, 0.994));
}

export function startProgress(): void {
  if (status === null) set(0);
  clearTimeout(trickle);
  const work = () => {
    trickle = setTimeout(() => {
      if (status === null) return;
      increment();
      work();
    }, TRICKLE_MS);
  };
  work();
}

export function doneProgress(): void {
  if (status === null) return;
  clearTimeout(trickle);
  set(1);
}
