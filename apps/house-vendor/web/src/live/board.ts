import { type CSSProperties, useEffect, useState } from 'react';
import type { LiveResult } from './api.ts';
import { type BoardSpot, rouletteBoard } from './grid.ts';
import { pocketColour, type Spot } from './logic.ts';

/** The live table page's spots in words and in place: names, labels, roulette's board, results. */

type T = (key: string, o?: Record<string, unknown>) => string;

export function spotLabel(t: T, spot: Spot): string {
  const n = spot.numbers?.[0];
  if (spot.kind === 'straight') return String(n);
  if (spot.kind === 'dozen' || spot.kind === 'column') return t(`live.spots.${spot.kind}`, { n });
  if (spot.kind === 'total') return String(n);
  const face = n !== undefined ? ('⚀⚁⚂⚃⚄⚅'[n - 1] ?? '') : '';
  if (spot.kind === 'double') return face.repeat(2);
  if (spot.kind === 'triple') return face.repeat(3);
  if (spot.kind === 'single') return face;
  if (spot.kind === 'combination') return (spot.numbers ?? []).map((d) => '⚀⚁⚂⚃⚄⚅'[d - 1] ?? '').join('');
  return t(`live.kinds.${spot.kind}`);
}

/** The accessible name of a spot: its kind and its numbers ("Split 17-18"). */
export function spotName(t: T, spot: Spot): string {
  if (spot.kind === 'dozen' || spot.kind === 'column')
    return t(`live.spots.${spot.kind}`, { n: spot.numbers?.[0] });
  return spot.numbers
    ? `${t(`live.kinds.${spot.kind}`)} ${spot.numbers.join('-')}`
    : t(`live.kinds.${spot.kind}`);
}

/** Roulette's board cells and edge spots in cell units (grid.ts), placed by CSS custom properties. */
export const BOARD = rouletteBoard();
const boardStyle = (spot: BoardSpot) => ({ '--x': spot.x ?? 0, '--y': spot.y }) as unknown as CSSProperties;

/** Wide screens get roulette's classic horizontal board; phones keep it upright (no sideways scroll). */
const WIDE_BOARD = '(min-width: 900px)';
export type BoardOrientation = 'upright' | 'horizontal';

export function useOrientation(): BoardOrientation {
  const query = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_BOARD).matches;
  const [wide, setWide] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(WIDE_BOARD);
    const update = () => setWide(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return wide ? 'horizontal' : 'upright';
}

/**
 * Where a board spot goes. Upright: grid.ts's cell units as they are (x across the three number
 * columns after the row gutter, y down). Horizontal: the same geometry transposed, so both place the
 * same bets: the board's y runs left to right (zero at the left, then the twelve streets as columns)
 * and its x bottom to top (3, 6 .. 36 on the top row, 1, 4 .. 34 at the bottom), the row gutter (streets,
 * six-lines, first four) under the numbers. Edge spots get their place from --x and --y in live.css.
 */
export function boardPlace(
  spot: BoardSpot,
  orientation: BoardOrientation,
): { placement: string; style: CSSProperties } {
  const gutter = spot.x === null;
  if (!spot.cell) return { placement: `board-edge${gutter ? ' in-gutter' : ''}`, style: boardStyle(spot) };
  const zero = spot.numbers[0] === 0;
  if (orientation === 'upright')
    return gutter
      ? { placement: 'board-gutter', style: { gridRow: Math.floor(spot.y) + 1, gridColumn: 1 } }
      : {
          placement: 'board-cell',
          style: {
            gridRow: Math.floor(spot.y) + 1,
            gridColumn: zero ? '2 / span 3' : Math.floor(spot.x!) + 2,
          },
        };
  if (gutter) return { placement: 'board-gutter', style: { gridColumn: Math.floor(spot.y) + 1, gridRow: 4 } };
  return {
    placement: 'board-cell',
    style: zero
      ? { gridColumn: 1, gridRow: '1 / span 3' }
      : { gridColumn: Math.floor(spot.y) + 1, gridRow: 3 - Math.floor(spot.x!) },
  };
}

/** The outside bets on the horizontal board: 2:1 at the right end of each row, dozens, then even money. */
export function outsidePlace(spot: Spot, index: number): CSSProperties {
  const n = spot.numbers?.[0] ?? 0;
  if (spot.kind === 'column') return { gridColumn: 14, gridRow: 4 - n };
  if (spot.kind === 'dozen') return { gridColumn: `${2 + 4 * (n - 1)} / span 4`, gridRow: 5 };
  return { gridColumn: `${2 + 2 * (index - 6)} / span 2`, gridRow: 6 };
}

export function describeResult(t: T, result: LiveResult): string {
  switch (result.game) {
    case 'BAC':
      return t('live.result.baccarat', {
        winner: t(`live.kinds.${result.hand.winner}`),
        player: result.hand.playerTotal,
        banker: result.hand.bankerTotal,
      });
    case 'DAT':
      return t('live.result.winner', { winner: t(`live.kinds.${result.hand.winner}`) });
    case 'ROU':
      return t('live.result.roulette', {
        pocket: result.pocket,
        colour: t(`live.colour.${pocketColour(result.pocket)}`),
      });
    case 'SIC':
      return t('live.result.sicbo', {
        dice: result.dice.join(' '),
        total: result.dice.reduce((a, b) => a + b, 0),
      });
  }
}
