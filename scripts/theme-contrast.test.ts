import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The colour pairs axe flagged on /live (issue 24), checked at their source, the themes' CSS custom
 * properties: a live table's phase label on the game card's surfaces in both themes of the member
 * site, and the white amount on a betting chip of the house vendor's live page. WCAG 2 AA: 4.5:1
 * for text of this size. (e2e/site.e2e.ts runs axe on /live in both themes as well.)
 */
const root = path.join(import.meta.dirname, '..');
const css = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The custom properties of the first block whose selector matches, as written (hex colours only). */
function properties(text: string, selector: string): Record<string, string> {
  const start = text.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const block = text.slice(start, text.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast of the colours axe reported on /live', () => {
  it('computes the WCAG ratio (white on black 21, the old pink chip 3.7)', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#e84a7f')).toBeLessThan(4.5);
  });

  it("keeps the live tables' phase labels at 4.5:1 on every surface of both themes", () => {
    const site = css('apps/web/src/styles/global.css');
    const games = css('apps/web/src/features/games/components/games.css');
    expect(games).toMatch(/\.live-status__phase--betting \{\s*color: var\(--status-open\);/);
    expect(games).toMatch(/\.live-status__phase--settled \{\s*color: var\(--status-closed\);/);
    for (const theme of ['dark', 'light']) {
      const p = properties(site, `html[data-theme="${theme}"]`);
      for (const text of ['--status-open', '--status-closed']) {
        for (const surface of ['--surface-1', '--surface-2']) {
          const ratio = contrast(p[text]!, p[surface]!);
          expect(ratio, `${theme} ${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it("keeps a live betting chip's amount at 4.5:1, picked or not", () => {
    const vendor = properties(css('apps/house-vendor/web/src/styles.css'), ':root');
    const live = css('apps/house-vendor/web/src/live/live.css');
    expect(live).toMatch(/\.live-chip \{[^}]*background: var\(--chip-face\);[^}]*color: #fff;/);
    for (const face of ['--chip-face', '--chip-face-selected']) {
      expect(contrast('#ffffff', vendor[face]!), face).toBeGreaterThanOrEqual(4.5);
    }
  });
});
