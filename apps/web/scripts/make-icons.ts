/**
 * Writes the installable app's PNG icons (192 and 512 px) into public/icons with nothing but zlib:
 * a night-purple rounded tile with a gold lotus, drawn by signed-distance shapes with anti-aliasing.
 * Usage: node scripts/make-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const at = y * (size * 4 + 1) + 1 + x * 4;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
      raw[at + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const clamp = (v: number) => Math.max(0, Math.min(1, v));
const mix = (a: Rgba, b: Rgba, t: number): Rgba => a.map((v, i) => Math.round(v + (b[i]! - v) * t)) as Rgba;

/** Signed distance to an ellipse-like petal (approximation good enough for an icon). */
function petal(x: number, y: number, cx: number, cy: number, rx: number, ry: number, angle: number): number {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const dx = x - cx;
  const dy = y - cy;
  const u = (dx * cos + dy * sin) / rx;
  const v = (-dx * sin + dy * cos) / ry;
  return (Math.sqrt(u * u + v * v) - 1) * Math.min(rx, ry);
}

function icon(size: number): Buffer {
  const s = size / 512;
  const bgTop: Rgba = [40, 30, 74, 255];
  const bgBottom: Rgba = [13, 11, 24, 255];
  const goldLight: Rgba = [255, 219, 130, 255];
  const gold: Rgba = [226, 160, 46, 255];
  const rose: Rgba = [217, 70, 122, 255];
  return png(size, (px, py) => {
    const x = px / s;
    const y = py / s;
    // Maskable-safe full-bleed background with a soft radial glow.
    const glow = clamp(1 - Math.hypot(x - 256, y - 230) / 300);
    let colour = mix(mix(bgTop, bgBottom, y / 512), rose, glow * 0.35);
    const shapes: Array<[number, Rgba]> = [
      [petal(x, y, 176, 300, 52, 112, -0.75), rose],
      [petal(x, y, 336, 300, 52, 112, 0.75), rose],
      [petal(x, y, 200, 282, 50, 118, -0.38), gold],
      [petal(x, y, 312, 282, 50, 118, 0.38), gold],
      [petal(x, y, 256, 250, 56, 140, 0), goldLight],
    ];
    for (const [distance, fill] of shapes) {
      const coverage = clamp(0.5 - distance * s);
      if (coverage > 0) colour = mix(colour, mix(fill, goldLight, clamp((330 - y) / 260) * 0.35), coverage);
    }
    const water = clamp(0.5 - (Math.abs(y - 404) - 6) * s) * clamp(1 - Math.abs(x - 256) / 150);
    colour = mix(colour, gold, water);
    return colour;
  });
}

const out = join(import.meta.dirname, '..', 'public', 'icons');
for (const size of [192, 512]) writeFileSync(join(out, `icon-${size}.png`), icon(size));
process.stdout.write(`icons written to ${out}\n`);
