import type { Howl } from 'howler';

/**
 * The game's sounds, played with howler (Web Audio with an HTML5 audio fallback, and the unlock of
 * audio on the first touch that mobile browsers require). The sounds are synthesised here as small
 * WAV files (so the repository ships no audio it did not make); howler is loaded only once the
 * player has sound on and pressed something.
 */

export type SoundName = 'spin' | 'stop' | 'win' | 'bigWin' | 'click';

type Tone = { freq: number; to?: number; ms: number; wave?: 'sine' | 'square' | 'triangle'; gain?: number };

const RECIPES: Record<SoundName, Tone[]> = {
  click: [{ freq: 880, ms: 35, wave: 'square', gain: 0.15 }],
  spin: [{ freq: 220, to: 440, ms: 180, wave: 'triangle', gain: 0.25 }],
  stop: [{ freq: 140, to: 90, ms: 90, wave: 'sine', gain: 0.5 }],
  win: [
    { freq: 660, ms: 110, gain: 0.3 },
    { freq: 880, ms: 110, gain: 0.3 },
    { freq: 1320, ms: 220, gain: 0.3 },
  ],
  bigWin: [
    { freq: 523, ms: 120, wave: 'triangle', gain: 0.35 },
    { freq: 659, ms: 120, wave: 'triangle', gain: 0.35 },
    { freq: 784, ms: 120, wave: 'triangle', gain: 0.35 },
    { freq: 1047, ms: 420, wave: 'triangle', gain: 0.35 },
  ],
};

const RATE = 22_050;

function sample(wave: Tone['wave'], phase: number): number {
  const x = phase - Math.floor(phase);
  if (wave === 'square') return x < 0.5 ? 1 : -1;
  if (wave === 'triangle') return 4 * Math.abs(x - 0.5) - 1;
  return Math.sin(2 * Math.PI * x);
}

/** 16-bit mono PCM of a recipe, wrapped as a WAV data: URL. */
export function synthesise(tones: Tone[]): string {
  const total = tones.reduce((n, tone) => n + Math.round((RATE * tone.ms) / 1000), 0);
  const bytes = new Uint8Array(44 + total * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i += 1) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + total * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, total * 2, true);
  let at = 44;
  for (const tone of tones) {
    const n = Math.round((RATE * tone.ms) / 1000);
    let phase = 0;
    for (let i = 0; i < n; i += 1) {
      const t = i / n;
      const freq = tone.freq + ((tone.to ?? tone.freq) - tone.freq) * t;
      phase += freq / RATE;
      const envelope = Math.min(1, i / 60) * (1 - t) ** 1.5;
      const value = sample(tone.wave, phase) * envelope * (tone.gain ?? 0.3);
      view.setInt16(at, Math.max(-1, Math.min(1, value)) * 0x7fff, true);
      at += 2;
    }
  }
  let binary = '';
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]!);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export class GameSound {
  #howls: Promise<Record<SoundName, Howl>> | null = null;
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  #load(): Promise<Record<SoundName, Howl>> {
    this.#howls ??= import('howler').then(({ Howl }) => {
      const out = {} as Record<SoundName, Howl>;
      for (const name of Object.keys(RECIPES) as SoundName[]) {
        out[name] = new Howl({ src: [synthesise(RECIPES[name])], format: ['wav'], volume: 0.6 });
      }
      return out;
    });
    return this.#howls;
  }

  play(name: SoundName): void {
    if (!this.enabled) return;
    void this.#load()
      .then((howls) => howls[name].play())
      .catch(() => {
        // No audio on this device: the game plays on silently.
      });
  }
}
