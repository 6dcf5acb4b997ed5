/** The attribute a viewer keeps on the element it was mounted in. */
export const DRAWN_ATTRIBUTE = 'data-drawn';

/**
 * `data-drawn` on the element a viewer was mounted in says that the picture on screen is complete: its
 * value is the size, in CSS pixels (`"1280x720"`), of the last frame the viewer drew with everything it
 * had asked for loaded (a panorama's faces and the tiles its view needs, a model, the point-cloud nodes
 * its view needs). It is absent before such a frame, while more is on its way, and after `dispose`. A
 * value other than the element's present size means the element has been resized and the frame at its
 * new size is still to come. Tests wait on it instead of sleeping (e2e/support/viewers.ts).
 *
 * Frames come many a second: the attribute is written on the element directly, and only when its value
 * changes, so no framework re-renders for it.
 */
export class DrawnSignal {
  private value: string | null = null;

  constructor(private readonly element: Element) {}

  /** After each frame drawn, at `width` × `height` CSS pixels; `complete` when nothing it needs is still loading. */
  frame(width: number, height: number, complete: boolean): void {
    this.set(complete ? `${Math.round(width)}x${Math.round(height)}` : null);
  }

  /** What shows is about to change (another scene, a load started): not drawn until the next complete frame. */
  invalidate(): void {
    this.set(null);
  }

  /** The viewer goes: the element no longer shows what it drew. */
  dispose(): void {
    this.set(null);
  }

  private set(value: string | null): void {
    if (value === this.value) return;
    this.value = value;
    if (value === null) this.element.removeAttribute(DRAWN_ATTRIBUTE);
    else this.element.setAttribute(DRAWN_ATTRIBUTE, value);
  }
}
