import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Sprite, Texture } from 'pixi.js';
import type { LiveResult } from './api.ts';
import { cardLabel, type LiveGameCode, pocketColour } from './logic.ts';

/**
 * The table area of a live game, drawn with PixiJS v8 (loaded on demand by the live page, like the
 * slots' reels): cards dealt one by one for baccarat and dragon tiger, a wheel spinning down to the
 * pocket with the ball for roulette, three dice for sic bo. `idle` shows the empty table (betting).
 * Text (card faces, labels, the wheel's numbers) is drawn as SVG textures, as the reels draw their
 * symbols, so this module needs no PixiJS text system the slots' page does not already load.
 */

export const TABLE_W = 640;
export const TABLE_H = 260;

const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
const COLOUR = { green: 0x1f9d55, red: 0xd2343f, black: 0x1c1c1c } as const;
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

const textures = new Map<string, Promise<Texture>>();

/** An SVG drawing as a texture (cached by its text), like reels.ts's symbols. */
function svgTexture(svg: string, width: number, height: number): Promise<Texture> {
  let texture = textures.get(svg);
  if (!texture) {
    texture = (async () => {
      const image = new Image(width * 2, height * 2);
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      return Texture.from(image);
    })();
    textures.set(svg, texture);
  }
  return texture;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function textSvg(text: string, size: number, colour: number): [string, number, number] {
  const width = Math.ceil(size * 0.7 * Math.max(1, [...text].length)) + 8;
  const height = Math.ceil(size * 1.4);
  const fill = `#${colour.toString(16).padStart(6, '0')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 2}" height="${height * 2}" viewBox="0 0 ${width} ${height}"><text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="${fill}">${escapeXml(text)}</text></svg>`,
    width,
    height,
  ];
}

function cardSvg(card: number): string {
  const { rank, suit, red } = cardLabel(card);
  const fill = red ? '#c62828' : '#111111';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="112" height="160" viewBox="0 0 56 80"><rect x="1" y="1" width="54" height="78" rx="6" fill="#ffffff" stroke="#222222" stroke-width="2"/><text x="28" y="32" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="22" fill="${fill}">${rank}</text><text x="28" y="62" text-anchor="middle" font-family="system-ui, sans-serif" font-size="24" fill="${fill}">${suit}</text></svg>`;
}

function wheelSvg(): string {
  const step = 360 / WHEEL.length;
  const colour = (n: number) => `#${COLOUR[pocketColour(n)].toString(16).padStart(6, '0')}`;
  const parts = WHEEL.map((n, i) => {
    const a0 = ((i * step - 90 - step / 2) * Math.PI) / 180;
    const a1 = ((i * step - 90 + step / 2) * Math.PI) / 180;
    const am = ((i * step - 90) * Math.PI) / 180;
    const p = (a: number, r: number) =>
      `${(120 + Math.cos(a) * r).toFixed(2)} ${(120 + Math.sin(a) * r).toFixed(2)}`;
    return `<path d="M120 120 L${p(a0, 108)} A108 108 0 0 1 ${p(a1, 108)} Z" fill="${colour(n)}"/><text x="${(120 + Math.cos(am) * 92).toFixed(2)}" y="${(120 + Math.sin(am) * 92).toFixed(2)}" transform="rotate(${(i * step).toFixed(2)} ${(120 + Math.cos(am) * 92).toFixed(2)} ${(120 + Math.sin(am) * 92).toFixed(2)})" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, sans-serif" font-size="10" fill="#ffffff">${n}</text>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 240 240"><circle cx="120" cy="120" r="118" fill="#6b3b1f"/>${parts}<circle cx="120" cy="120" r="60" fill="#3d2414"/></svg>`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveTableView {
  readonly #app: Application;
  readonly #game: LiveGameCode;
  /** The sides' names in the page's language (player, banker, dragon, tiger). */
  readonly #names: Readonly<Record<string, string>>;
  readonly #layer = new Container();
  #wheel: Container | null = null;
  #token = 0;

  private constructor(app: Application, game: LiveGameCode, names: Readonly<Record<string, string>>) {
    this.#app = app;
    this.#game = game;
    this.#names = names;
    app.stage.addChild(this.#layer);
    // Frames are drawn on demand: a change of the scene starts the ticker (#changed), which draws one
    // frame and stops (this listener runs before the renderer's), so a table at rest draws nothing
    // (60 frames a second of a still table cost a phone's battery, and a software-rendered browser a
    // core).
    app.ticker.add(() => app.ticker.stop());
  }

  #changed(): void {
    this.#app.ticker.start();
  }

  static async create(
    host: HTMLElement,
    game: LiveGameCode,
    names: Readonly<Record<string, string>>,
  ): Promise<LiveTableView> {
    const app = new Application();
    await app.init({
      width: TABLE_W,
      height: TABLE_H,
      background: 0x0d4d32,
      antialias: true,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      preference: 'webgl',
    });
    app.canvas.style.width = '100%';
    app.canvas.style.height = 'auto';
    app.canvas.setAttribute('aria-hidden', 'true');
    host.replaceChildren(app.canvas);
    const view = new LiveTableView(app, game, names);
    view.idle();
    return view;
  }

  #name(side: string): string {
    return (this.#names[side] ?? side).toUpperCase();
  }

  async #label(text: string, x: number, y: number, size = 18, colour = 0xf2e6c4) {
    const token = this.#token;
    const [svg, width, height] = textSvg(text, size, colour);
    const texture = await svgTexture(svg, width, height);
    if (token !== this.#token) return;
    const label = new Sprite(texture);
    label.anchor.set(0.5);
    label.width = width;
    label.height = height;
    label.position.set(x, y);
    this.#layer.addChild(label);
    this.#changed();
  }

  async #card(card: number, x: number, y: number, rotate = false) {
    const token = this.#token;
    const texture = await svgTexture(cardSvg(card), 56, 80);
    if (token !== this.#token) return;
    const sprite = new Sprite(texture);
    sprite.anchor.set(0.5);
    sprite.width = 56;
    sprite.height = 80;
    sprite.position.set(x, y);
    if (rotate) sprite.rotation = Math.PI / 2;
    this.#layer.addChild(sprite);
    this.#changed();
  }

  #die(value: number, x: number, y: number) {
    const g = new Graphics()
      .roundRect(x - 32, y - 32, 64, 64, 10)
      .fill(0xfaf7f0)
      .stroke({ color: 0x333333, width: 2 });
    for (const [dx, dy] of PIPS[value] ?? [])
      g.circle(x + dx * 17, y + dy * 17, 6).fill(value === 1 || value === 4 ? 0xc62828 : 0x111111);
    this.#layer.addChild(g);
    this.#changed();
  }

  async #drawWheel(angle: number, ballPocket: number | null) {
    const token = this.#token;
    if (!this.#wheel) {
      const texture = await svgTexture(wheelSvg(), 240, 240);
      if (token !== this.#token) return;
      const wheel = new Container();
      wheel.position.set(TABLE_W / 2, TABLE_H / 2);
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      sprite.width = 240;
      sprite.height = 240;
      wheel.addChild(sprite);
      this.#wheel = wheel;
    }
    this.#layer.addChild(this.#wheel);
    this.#wheel.rotation = angle;
    if (ballPocket !== null) {
      const i = WHEEL.indexOf(ballPocket);
      const a = angle + i * ((Math.PI * 2) / WHEEL.length) - Math.PI / 2;
      this.#layer.addChild(
        new Graphics()
          .circle(TABLE_W / 2 + Math.cos(a) * 76, TABLE_H / 2 + Math.sin(a) * 76, 7)
          .fill(0xffffff),
      );
    }
    this.#changed();
  }

  #clear() {
    for (const child of [...this.#layer.children]) {
      this.#layer.removeChild(child);
      if (child !== this.#wheel) child.destroy({ children: true });
    }
    this.#changed();
  }

  /** The empty table while bets are taken. */
  idle(): void {
    this.#token += 1;
    this.#clear();
    switch (this.#game) {
      case 'BAC':
        void this.#label(this.#name('player'), 170, 30, 20, 0x8ec5ff);
        void this.#label(this.#name('banker'), 470, 30, 20, 0xff9a9a);
        break;
      case 'DAT':
        void this.#label(this.#name('dragon'), 200, 30, 20, 0xff9a9a);
        void this.#label(this.#name('tiger'), 440, 30, 20, 0x8ec5ff);
        break;
      case 'ROU':
        void this.#drawWheel(0, null);
        break;
      case 'SIC':
        for (const [i, v] of [1, 2, 3].entries()) this.#die(v, 240 + i * 80, TABLE_H / 2);
        break;
    }
  }

  /** Animates a result (the page calls it once per round, on the `result` event or a rejoin). */
  async show(result: LiveResult, animate = true): Promise<void> {
    const token = ++this.#token;
    const wait = (ms: number) => (animate ? sleep(ms) : Promise.resolve());
    const stale = () => token !== this.#token;
    this.#clear();
    if (result.game === 'BAC') {
      const { player, banker, playerTotal, bankerTotal } = result.hand;
      await this.#label(this.#name('player'), 170, 30, 20, 0x8ec5ff);
      await this.#label(this.#name('banker'), 470, 30, 20, 0xff9a9a);
      const order: [number, 'p' | 'b', number][] = [];
      for (let i = 0; i < Math.max(player.length, banker.length); i += 1) {
        if (player[i] !== undefined) order.push([player[i]!, 'p', i]);
        if (banker[i] !== undefined) order.push([banker[i]!, 'b', i]);
      }
      for (const [card, side, i] of order) {
        await wait(450);
        if (stale()) return;
        await this.#card(card, (side === 'p' ? 110 : 410) + i * 62, 120, i === 2);
      }
      await wait(300);
      if (stale()) return;
      await this.#label(String(playerTotal), 170, 215, 30);
      await this.#label(String(bankerTotal), 470, 215, 30);
    } else if (result.game === 'DAT') {
      await this.#label(this.#name('dragon'), 200, 30, 20, 0xff9a9a);
      await this.#label(this.#name('tiger'), 440, 30, 20, 0x8ec5ff);
      await wait(400);
      if (stale()) return;
      await this.#card(result.hand.dragon, 200, 125);
      await wait(500);
      if (stale()) return;
      await this.#card(result.hand.tiger, 440, 125);
    } else if (result.game === 'ROU') {
      const start = performance.now();
      const spin = animate ? 2_400 : 0;
      while (animate && performance.now() - start < spin) {
        const k = (performance.now() - start) / spin;
        this.#clear();
        await this.#drawWheel((1 - (1 - k) ** 3) * Math.PI * 6, null);
        await sleep(16);
        if (stale()) return;
      }
      this.#clear();
      await this.#drawWheel(Math.PI * 6, result.pocket);
      await this.#label(String(result.pocket), TABLE_W / 2, TABLE_H / 2, 34, 0xffffff);
    } else {
      for (let roll = 0; animate && roll < 8; roll += 1) {
        this.#clear();
        for (let i = 0; i < 3; i += 1)
          this.#die(1 + Math.floor(Math.random() * 6), 240 + i * 80, TABLE_H / 2);
        await sleep(90);
        if (stale()) return;
      }
      this.#clear();
      result.dice.forEach((v, i) => {
        this.#die(v, 240 + i * 80, TABLE_H / 2);
      });
      await this.#label(String(result.dice.reduce((a, b) => a + b, 0)), TABLE_W / 2, 225, 26);
    }
  }

  destroy(): void {
    this.#token += 1;
    this.#wheel?.destroy({ children: true });
    this.#app.destroy(true, { children: true });
  }
}
