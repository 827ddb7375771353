/**
 * The live table's few sounds (chip, close, win), synthesised with Web Audio on demand. The live page
 * does not share the slots' howler module on purpose: sharing it would split the slots' page into
 * more chunks (their page must not grow for the live tables).
 */

export type LiveSoundName = 'chip' | 'close' | 'win' | 'error';

const TONES: Record<LiveSoundName, [number, number][]> = {
  chip: [[880, 0.04]],
  close: [[330, 0.12]],
  win: [
    [660, 0.1],
    [880, 0.1],
    [1320, 0.2],
  ],
  error: [[160, 0.15]],
};

export class LiveSound {
  enabled = true;
  #context: AudioContext | null = null;

  play(name: LiveSoundName): void {
    if (!this.enabled || typeof AudioContext === 'undefined') return;
    try {
      this.#context ??= new AudioContext();
      const context = this.#context;
      let at = context.currentTime;
      for (const [freq, seconds] of TONES[name]) {
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.frequency.value = freq;
        osc.type = 'triangle';
        gain.gain.setValueAtTime(0.2, at);
        gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
        osc.connect(gain).connect(context.destination);
        osc.start(at);
        osc.stop(at + seconds);
        at += seconds;
      }
    } catch {
      // No audio in this frame: the table plays silently.
    }
  }
}
