import { describe, expect, it } from 'vitest';
import { DrawnSignal } from './drawn-signal';

/** The attribute calls a DrawnSignal makes, on a stand-in for the element. */
function recordingElement() {
  const attributes = new Map<string, string>();
  const calls: string[] = [];
  const element = {
    setAttribute(name: string, value: string) {
      calls.push(`set ${value}`);
      attributes.set(name, value);
    },
    removeAttribute(name: string) {
      calls.push('remove');
      attributes.delete(name);
    },
  } as unknown as Element;
  return { element, calls, drawn: () => attributes.get('data-drawn') ?? null };
}

describe('DrawnSignal', () => {
  it('is absent until a complete frame, then names the size that frame was drawn at', () => {
    const { element, drawn } = recordingElement();
    const signal = new DrawnSignal(element);
    signal.frame(1280, 720, false);
    expect(drawn()).toBeNull();
    signal.frame(1280.4, 719.6, true);
    expect(drawn()).toBe('1280x720');
    signal.frame(390, 300, true);
    expect(drawn()).toBe('390x300');
  });

  it('goes with an incomplete frame, an invalidation or the end of the viewer', () => {
    const { element, drawn } = recordingElement();
    const signal = new DrawnSignal(element);
    signal.frame(640, 480, true);
    signal.frame(640, 480, false);
    expect(drawn()).toBeNull();
    signal.frame(640, 480, true);
    signal.invalidate();
    expect(drawn()).toBeNull();
    signal.frame(640, 480, true);
    signal.dispose();
    expect(drawn()).toBeNull();
  });

  it('touches the element only when the value changes: frames come many a second', () => {
    const { element, calls } = recordingElement();
    const signal = new DrawnSignal(element);
    for (let frame = 0; frame < 3; frame += 1) signal.frame(640, 480, false);
    for (let frame = 0; frame < 3; frame += 1) signal.frame(640, 480, true);
    signal.invalidate();
    signal.invalidate();
    signal.frame(640, 480, false);
    expect(calls).toEqual(['set 640x480', 'remove']);
  });
});
