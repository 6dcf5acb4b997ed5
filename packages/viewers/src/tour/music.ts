/**
 * Background music that honours autoplay rules: it starts on the first tap, click or key press inside
 * the viewer (a user gesture), unless the person muted it first; the toggle mutes and resumes.
 */
export class BackgroundMusic {
  private readonly audio: HTMLAudioElement;
  private muted = false;
  private readonly gestureTarget: EventTarget;

  constructor(
    url: string,
    gestureTarget: EventTarget,
    private readonly onChange: (playing: boolean) => void,
  ) {
    this.audio = new Audio();
    this.audio.src = url;
    this.audio.loop = true;
    this.audio.preload = 'none';
    this.audio.addEventListener('play', this.report);
    this.audio.addEventListener('pause', this.report);
    this.gestureTarget = gestureTarget;
    gestureTarget.addEventListener('pointerdown', this.onGesture, { capture: true });
    gestureTarget.addEventListener('keydown', this.onGesture, { capture: true });
  }

  get playing(): boolean {
    return !this.audio.paused;
  }

  toggle(): void {
    if (this.playing) {
      this.muted = true;
      this.audio.pause();
    } else {
      this.muted = false;
      this.play();
    }
  }

  destroy(): void {
    this.stopListening();
    this.audio.pause();
    this.audio.removeEventListener('play', this.report);
    this.audio.removeEventListener('pause', this.report);
    this.audio.removeAttribute('src');
    this.audio.load();
  }

  private play(): void {
    // Refused without a gesture, or when the file fails: the toggle stays on "play".
    this.audio.play().catch(() => this.onChange(false));
  }

  private readonly onGesture = (event: Event) => {
    this.stopListening();
    // The toggle itself handles its own press (muting before the music ever started).
    if ((event.target as Element | null)?.closest?.('.spv-music-button')) return;
    if (!this.muted) this.play();
  };

  private stopListening(): void {
    this.gestureTarget.removeEventListener('pointerdown', this.onGesture, { capture: true });
    this.gestureTarget.removeEventListener('keydown', this.onGesture, { capture: true });
  }

  private readonly report = () => this.onChange(this.playing);
}
