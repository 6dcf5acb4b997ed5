// @vitest-environment happy-dom
import type { PublicNarration } from '@spatia/contract';
import { describe, expect, it, vi } from 'vitest';
import { attachNarration, nextNarratedScene, readingMs, type NarratedTour } from './narration-player';

const guide: PublicNarration = {
  id: 1,
  title: '样板间',
  language: 'zh',
  autoAdvance: true,
  scenes: [
    {
      sceneId: 'a1',
      text: '<b>客厅</b>',
      audio: { url: '/files/narrations/1/a1.webm', contentType: 'audio/webm', durationMs: 3000, bytes: 9 },
    },
    { sceneId: 'a3', text: '卧室', audio: null },
  ],
};

/** A tour viewer that switches at once and tells its listeners. */
function fakeTour(start = 'a1'): NarratedTour & { listeners: Set<(id: string) => void> } {
  const listeners = new Set<(id: string) => void>();
  const tour = {
    currentSceneId: start,
    listeners,
    goToScene: vi.fn(async (id: string) => {
      tour.currentSceneId = id;
      for (const listener of listeners) listener(id);
    }),
    onSceneChange: (listener: (id: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return tour;
}

describe('the narration player', () => {
  it('finds the next narrated scene in the tour’s order and gives text time to be read', () => {
    expect(nextNarratedScene(guide, 'a1')?.sceneId).toBe('a3');
    expect(nextNarratedScene(guide, 'a3')).toBeUndefined();
    expect(nextNarratedScene(guide, 'a2')?.sceneId).toBe('a1');
    expect(readingMs('短')).toBe(4000);
    expect(readingMs('x'.repeat(1000))).toBe(20000);
  });

  it('shows the scene’s text as text, follows the viewer, plays on a press and moves on when a clip ends', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const container = document.createElement('div');
    const tour = fakeTour();
    const player = attachNarration(tour, container, guide, { language: 'zh' });
    const text = container.querySelector('[data-testid="narration-text"]')!;
    expect(text.textContent).toBe('<b>客厅</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(play).not.toHaveBeenCalled();

    (container.querySelector('[data-testid="narration-play"]') as HTMLButtonElement).click();
    expect(player.playing).toBe(true);
    const audio = container.querySelector('audio')!;
    expect(audio.src).toContain('/files/narrations/1/a1.webm');
    audio.dispatchEvent(new Event('ended'));
    expect(tour.goToScene).toHaveBeenCalledWith('a3');
    await Promise.resolve();
    expect(text.textContent).toBe('卧室');
    expect(container.querySelector('.spv-narration__position')!.textContent).toBe('第 2 个场景，共 2 个');

    await tour.goToScene('a2');
    expect(text.textContent).toBe('本场景没有讲解');
    player.destroy();
    expect(container.children).toHaveLength(0);
    expect(tour.listeners.size).toBe(0);
  });
});
