import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../api/live-lobby.ts';

/** How many results the road preview shows (the newest, oldest first). */
export const ROAD_PREVIEW = 12;

const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** A result label of the live lobby as a bead: its text and colour class. */
export function bead(label: string): { text: string; tone: string } {
  switch (label) {
    case 'banker':
      return { text: 'B', tone: 'red' };
    case 'player':
      return { text: 'P', tone: 'blue' };
    case 'tie':
      return { text: 'T', tone: 'green' };
    case 'dragon':
      return { text: 'D', tone: 'blue' };
    case 'tiger':
      return { text: 'T', tone: 'red' };
    default: {
      if (/^\d+$/.test(label)) {
        const n = Number(label);
        return { text: label, tone: n === 0 ? 'green' : ROULETTE_RED.has(n) ? 'red' : 'black' };
      }
      const dice = label.split('-').map(Number);
      const sum = dice.reduce((a, b) => a + b, 0);
      const triple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
      return { text: String(sum), tone: triple ? 'green' : sum >= 11 ? 'red' : 'blue' };
    }
  }
}

/** Seconds left to bet, counted down locally from the last answer. */
function useSecondsLeft(state: LiveState): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.phase !== 'betting') return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [state.phase]);
  if (state.phase !== 'betting') return 0;
  return Math.max(0, Math.ceil((state.msLeft - Math.max(0, now - state.fetchedAt)) / 1000));
}

/** The phase, countdown and a road preview of a live table, on its game card. */
export function LiveTableStatus({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(state);
  const phase =
    state.phase === 'betting'
      ? seconds > 0
        ? t('games.live.betting', { seconds })
        : t('games.live.closing')
      : state.phase === 'closed'
        ? t('games.live.closed')
        : state.phase === 'result' || state.phase === 'settled'
          ? t('games.live.result')
          : state.phase === 'cancelled'
            ? t('games.live.cancelled')
            : t('games.live.unknown');
  const beads = state.recent.slice(-ROAD_PREVIEW);
  return (
    <div className="live-status" data-testid="live-status" data-phase={state.phase}>
      <p className={`live-status__phase live-status__phase--${state.phase}`} aria-live="off">
        {phase}
      </p>
      {beads.length > 0 ? (
        <ol className="live-road" aria-label={t('games.live.road')}>
          {beads.map((label, i) => {
            const b = bead(label);
            return (
              // The same label repeats: the position is its identity in this strip.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed strip of results
              <li key={i} className={`live-road__bead live-road__bead--${b.tone}`} title={label}>
                {b.text}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="live-road live-road--empty">{t('games.live.noResults')}</p>
      )}
    </div>
  );
}
