import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Sprite, Texture } from 'pixi.js';
import type { SpinResult } from '../../../src/slots/round.ts';
import type { GameDef, Win } from '../../../src/slots/types.ts';
import { CELL, GAP, reelsSize } from './layout.ts';
import { symbolSvg } from './symbols.ts';

/**
 * The reels, drawn with PixiJS v8 (WebGL, WebGPU where available) on a canvas that CSS scales to
 * the page's width. The page loads this module on demand; it imports `pixi.js/unsafe-eval` so PixiJS
 * never needs `eval` (the vendor's CSP forbids it). Each reel shows a window of its strip: the
 * position is the strip index on the top row, lowered while spinning and eased onto the round's
 * stop, so every landing shows exactly the strip positions the server drew.
 */

const TEXTURE_PX = 240;
const COLORS = [0xffd45c, 0x7ff0a8, 0xff6b9a, 0x6cc6ff, 0xd69cff, 0xff9f1c];

type ReelState = {
  strip: string[];
  position: number;
  sprites: Sprite[];
  mode: 'idle' | 'spinning' | 'landing';
  from: number;
  /** The stop to rest on, and the position the ease ends at (computed when the ease starts). */
  target: number;
  to: number | null;
  start: number;
  duration: number;
  done: (() => void) | null;
};

async function loadTexture(svg: string): Promise<Texture> {
  const sized = svg.replace('<svg ', `<svg width="${TEXTURE_PX}" height="${TEXTURE_PX}" `);
  const image = new Image(TEXTURE_PX, TEXTURE_PX);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`;
  await image.decode();
  return Texture.from(image);
}

const mod = (n: number, m: number) => ((n % m) + m) % m;

export class ReelsView {
  readonly #app: Application;
  readonly #game: GameDef;
  readonly #textures: Map<string, Texture>;
  readonly #reels: ReelState[];
  readonly #overlay = new Graphics();
  #highlightTimer: number | null = null;

  private constructor(app: Application, game: GameDef, textures: Map<string, Texture>) {
    this.#app = app;
    this.#game = game;
    this.#textures = textures;
    const rows = game.rows;
    this.#reels = game.strips.map((text, index) => {
      const strip = text.trim().split(/\s+/);
      const reel = new Container();
      reel.x = index * (CELL + GAP);
      const mask = new Graphics().rect(reel.x, 0, CELL, rows * CELL).fill(0xffffff);
      reel.mask = mask;
      const back = new Graphics()
        .roundRect(reel.x, 0, CELL, rows * CELL, 14)
        .fill({ color: 0x0d0816, alpha: 0.85 });
      app.stage.addChild(back, mask, reel);
      const sprites = Array.from({ length: rows + 1 }, () => {
        const sprite = new Sprite();
        sprite.width = CELL;
        sprite.height = CELL;
        reel.addChild(sprite);
        return sprite;
      });
      return {
        strip,
        position: 0,
        sprites,
        mode: 'idle',
        from: 0,
        target: 0,
        to: null,
        start: 0,
        duration: 0,
        done: null,
      };
    });
    app.stage.addChild(this.#overlay);
    app.ticker.add(() => this.#tick());
    this.#draw();
  }

  /**
   * Frames are drawn on demand: the ticker runs while a reel moves or the screen changed, and stops
   * once everything rests (#tick), so a game at rest draws nothing (60 frames a second of an idle
   * screen cost a phone's battery, and a software-rendered browser a core).
   */
  #wake(): void {
    this.#app.ticker.start();
  }

  static async create(host: HTMLElement, game: GameDef): Promise<ReelsView> {
    const { width, height } = reelsSize(game);
    const app = new Application();
    await app.init({
      width,
      height,
      backgroundAlpha: 0,
      antialias: true,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      autoDensity: false,
      preference: 'webgl',
    });
    app.canvas.style.width = '100%';
    app.canvas.style.height = 'auto';
    app.canvas.setAttribute('aria-hidden', 'true');
    const textures = new Map<string, Texture>();
    await Promise.all(
      game.symbols.map(async (symbol) =>
        textures.set(symbol.id, await loadTexture(symbolSvg(game.id, symbol.id))),
      ),
    );
    host.replaceChildren(app.canvas);
    return new ReelsView(app, game, textures);
  }

  /** Shows a screen at rest (the last round's stops). */
  show(stops: readonly number[]): void {
    this.#reels.forEach((reel, index) => {
      reel.position = stops[index] ?? 0;
      reel.mode = 'idle';
    });
    this.#draw();
    this.#wake();
  }

  /** Starts every reel spinning until land() stops it. */
  spin(): void {
    this.clearWins();
    for (const reel of this.#reels) reel.mode = 'spinning';
    this.#wake();
  }

  /**
   * Eases every reel onto its stop, left to right (`onReelStop` per reel); resolves when the last
   * one rests. Turbo shortens every step.
   */
  land(stops: readonly number[], turbo: boolean, onReelStop: () => void): Promise<void> {
    const stagger = turbo ? 60 : 220;
    const duration = turbo ? 220 : 520;
    const now = performance.now();
    return Promise.all(
      this.#reels.map(
        (reel, index) =>
          new Promise<void>((resolve) => {
            reel.mode = 'landing';
            reel.target = stops[index] ?? 0;
            reel.to = null;
            reel.start = now + index * stagger;
            reel.duration = duration;
            reel.done = () => {
              onReelStop();
              resolve();
            };
            this.#wake();
          }),
      ),
    ).then(() => undefined);
  }

  /** Outlines the winning cells of a spin (and the pay line of a line win), one win after another. */
  showWins(spin: SpinResult): void {
    this.clearWins();
    if (spin.wins.length === 0) return;
    let index = 0;
    const paint = () => {
      const win = spin.wins[index % spin.wins.length]!;
      this.#paintWin(spin, win, COLORS[index % COLORS.length]!);
      this.#wake();
      index += 1;
    };
    paint();
    if (spin.wins.length > 1) this.#highlightTimer = window.setInterval(paint, 1_100);
  }

  clearWins(): void {
    if (this.#highlightTimer !== null) window.clearInterval(this.#highlightTimer);
    this.#highlightTimer = null;
    this.#overlay.clear();
    this.#wake();
  }

  destroy(): void {
    this.clearWins();
    this.#app.destroy(true, { children: true, texture: true });
  }

  #cells(spin: SpinResult, win: Win): [number, number][] {
    const game = this.#game;
    const wild = game.symbols.find((s) => s.kind === 'wild')?.id;
    if (win.kind === 'line' && win.line !== undefined && game.rule.kind === 'lines') {
      const line = game.rule.lines[win.line]!;
      return line.slice(0, win.count).map((row, reel) => [reel, row]);
    }
    const cells: [number, number][] = [];
    spin.screen.forEach((column, reel) => {
      if (win.kind === 'ways' && reel >= win.count) return;
      column.forEach((symbol, row) => {
        if (symbol === win.symbol || (win.kind === 'ways' && symbol === wild)) cells.push([reel, row]);
      });
    });
    return cells;
  }

  #paintWin(spin: SpinResult, win: Win, color: number): void {
    const g = this.#overlay;
    g.clear();
    const cells = this.#cells(spin, win);
    for (const [reel, row] of cells) {
      g.roundRect(reel * (CELL + GAP) + 3, row * CELL + 3, CELL - 6, CELL - 6, 14).stroke({
        width: 6,
        color,
      });
    }
    if (win.kind === 'line' && win.line !== undefined && this.#game.rule.kind === 'lines') {
      const line = this.#game.rule.lines[win.line]!;
      line.forEach((row, reel) => {
        const x = reel * (CELL + GAP) + CELL / 2;
        const y = row * CELL + CELL / 2;
        if (reel === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      });
      g.stroke({ width: 5, color, alpha: 0.9 });
    }
  }

  #tick(): void {
    const now = performance.now();
    const dt = this.#app.ticker.deltaMS;
    let moved = false;
    for (const reel of this.#reels) {
      if (reel.mode === 'spinning') {
        reel.position -= (dt / 1000) * 22;
        moved = true;
      } else if (reel.mode === 'landing') {
        if (now < reel.start) {
          reel.position -= (dt / 1000) * 22;
        } else {
          if (reel.to === null) {
            // Travel on downwards (positions lower) for about a third of the strip, then rest on the stop.
            const length = reel.strip.length;
            const travel = Math.ceil(length / 3);
            reel.from = reel.position;
            reel.to = reel.target + length * Math.floor((reel.position - travel - reel.target) / length);
          }
          const t = Math.min(1, (now - reel.start) / reel.duration);
          // Ease out with a small overshoot, so the reel settles like a physical one.
          const c = 1.4;
          const eased = 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2;
          reel.position = reel.from + (reel.to - reel.from) * eased;
          if (t >= 1) {
            reel.position = mod(reel.target, reel.strip.length);
            reel.mode = 'idle';
            const done = reel.done;
            reel.done = null;
            done?.();
          }
        }
        moved = true;
      }
    }
    if (moved) this.#draw();
    // At rest: this frame is still drawn (the renderer listens after this), then no more until #wake.
    else this.#app.ticker.stop();
  }

  #draw(): void {
    for (const reel of this.#reels) {
      const length = reel.strip.length;
      const base = Math.floor(reel.position);
      const fraction = reel.position - base;
      reel.sprites.forEach((sprite, i) => {
        const symbol = reel.strip[mod(base + i, length)]!;
        sprite.texture = this.#textures.get(symbol) ?? Texture.EMPTY;
        sprite.width = CELL;
        sprite.height = CELL;
        sprite.y = (i - fraction) * CELL;
      });
    }
  }
}
