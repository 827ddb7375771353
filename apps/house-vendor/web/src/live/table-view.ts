import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Text } from 'pixi.js';
import type { LiveResult } from './api.ts';
import { cardLabel, type LiveGameCode, pocketColour } from './logic.ts';

/**
 * The table area of a live game, drawn with PixiJS v8 (loaded on demand by the live page, like the
 * slots' reels): cards dealt one by one for baccarat and dragon tiger, a wheel spinning down to the
 * pocket with the ball for roulette, three dice for sic bo. `idle` shows the empty table (betting).
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveTableView {
  readonly #app: Application;
  readonly #game: LiveGameCode;
  readonly #layer = new Container();
  #wheel: Container | null = null;
  #token = 0;

  private constructor(app: Application, game: LiveGameCode) {
    this.#app = app;
    this.#game = game;
    app.stage.addChild(this.#layer);
  }

  static async create(host: HTMLElement, game: LiveGameCode): Promise<LiveTableView> {
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
    const view = new LiveTableView(app, game);
    view.idle();
    return view;
  }

  #label(text: string, x: number, y: number, size = 18, colour = 0xf2e6c4) {
    const label = new Text({
      text,
      style: { fill: colour, fontSize: size, fontFamily: 'system-ui, sans-serif', fontWeight: '700' },
    });
    label.anchor.set(0.5);
    label.position.set(x, y);
    this.#layer.addChild(label);
    return label;
  }

  #card(card: number | null, x: number, y: number, rotate = false) {
    const box = new Container();
    const g = new Graphics()
      .roundRect(-28, -40, 56, 80, 6)
      .fill(card === null ? 0x8a1c2b : 0xffffff)
      .stroke({ color: 0x222222, width: 2 });
    box.addChild(g);
    if (card !== null) {
      const { rank, suit, red } = cardLabel(card);
      const text = new Text({
        text: `${rank}\n${suit}`,
        style: {
          fill: red ? 0xc62828 : 0x111111,
          fontSize: 22,
          fontWeight: '700',
          align: 'center',
          fontFamily: 'system-ui, sans-serif',
        },
      });
      text.anchor.set(0.5);
      box.addChild(text);
    }
    box.position.set(x, y);
    if (rotate) box.rotation = Math.PI / 2;
    this.#layer.addChild(box);
    return box;
  }

  #die(value: number, x: number, y: number) {
    const g = new Graphics()
      .roundRect(x - 32, y - 32, 64, 64, 10)
      .fill(0xfaf7f0)
      .stroke({ color: 0x333333, width: 2 });
    for (const [dx, dy] of PIPS[value] ?? [])
      g.circle(x + dx * 17, y + dy * 17, 6).fill(value === 1 || value === 4 ? 0xc62828 : 0x111111);
    this.#layer.addChild(g);
  }

  #drawWheel(angle: number, ballPocket: number | null) {
    if (!this.#wheel) {
      this.#wheel = new Container();
      this.#wheel.position.set(TABLE_W / 2, TABLE_H / 2);
      const step = (Math.PI * 2) / WHEEL.length;
      const g = new Graphics().circle(0, 0, 118).fill(0x6b3b1f);
      WHEEL.forEach((n, i) => {
        const a = i * step - Math.PI / 2 - step / 2;
        g.moveTo(0, 0)
          .arc(0, 0, 108, a, a + step)
          .lineTo(0, 0)
          .fill(COLOUR[pocketColour(n)]);
      });
      g.circle(0, 0, 60).fill(0x3d2414);
      this.#wheel.addChild(g);
      WHEEL.forEach((n, i) => {
        const a = i * step - Math.PI / 2;
        const t = new Text({
          text: String(n),
          style: { fill: 0xffffff, fontSize: 10, fontFamily: 'system-ui, sans-serif' },
        });
        t.anchor.set(0.5);
        t.position.set(Math.cos(a) * 92, Math.sin(a) * 92);
        t.rotation = a + Math.PI / 2;
        this.#wheel!.addChild(t);
      });
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
  }

  #clear() {
    for (const child of [...this.#layer.children]) {
      this.#layer.removeChild(child);
      if (child !== this.#wheel) child.destroy({ children: true });
    }
  }

  /** The empty table while bets are taken. */
  idle(): void {
    this.#token += 1;
    this.#clear();
    switch (this.#game) {
      case 'BAC':
        this.#label('PLAYER', 170, 30, 20, 0x8ec5ff);
        this.#label('BANKER', 470, 30, 20, 0xff9a9a);
        break;
      case 'DAT':
        this.#label('DRAGON', 200, 30, 20, 0xff9a9a);
        this.#label('TIGER', 440, 30, 20, 0x8ec5ff);
        break;
      case 'ROU':
        this.#drawWheel(0, null);
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
      this.#label('PLAYER', 170, 30, 20, 0x8ec5ff);
      this.#label('BANKER', 470, 30, 20, 0xff9a9a);
      const order: [number, 'p' | 'b', number][] = [];
      for (let i = 0; i < Math.max(player.length, banker.length); i += 1) {
        if (player[i] !== undefined) order.push([player[i]!, 'p', i]);
        if (banker[i] !== undefined) order.push([banker[i]!, 'b', i]);
      }
      for (const [card, side, i] of order) {
        await wait(450);
        if (stale()) return;
        this.#card(card, (side === 'p' ? 110 : 410) + i * 62, 120, i === 2);
      }
      await wait(300);
      if (stale()) return;
      this.#label(String(playerTotal), 170, 215, 30);
      this.#label(String(bankerTotal), 470, 215, 30);
    } else if (result.game === 'DAT') {
      this.#label('DRAGON', 200, 30, 20, 0xff9a9a);
      this.#label('TIGER', 440, 30, 20, 0x8ec5ff);
      await wait(400);
      if (stale()) return;
      this.#card(result.hand.dragon, 200, 125);
      await wait(500);
      if (stale()) return;
      this.#card(result.hand.tiger, 440, 125);
    } else if (result.game === 'ROU') {
      const start = performance.now();
      const spin = animate ? 2_400 : 0;
      while (animate && performance.now() - start < spin) {
        const k = (performance.now() - start) / spin;
        this.#clear();
        this.#drawWheel((1 - (1 - k) ** 3) * Math.PI * 6, null);
        await sleep(16);
        if (stale()) return;
      }
      this.#clear();
      this.#drawWheel(Math.PI * 6, result.pocket);
      this.#label(String(result.pocket), TABLE_W / 2, TABLE_H / 2, 34, 0xffffff);
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
      this.#label(String(result.dice.reduce((a, b) => a + b, 0)), TABLE_W / 2, 225, 26);
    }
  }

  destroy(): void {
    this.#token += 1;
    this.#wheel?.destroy({ children: true });
    this.#app.destroy(true, { children: true });
  }
}
