import { useTranslation } from 'react-i18next';
import type { History } from './api.ts';
import { type LiveGameCode, pocketColour } from './logic.ts';

/**
 * The table's history from GET /history (src/live/roads.ts computes the roads on the server):
 * baccarat bead road, big road and the three derived roads; dragon tiger bead and big road; roulette
 * and sic bo strips of the last results.
 */

type Cell = { col: number; row: number; value: unknown };

const WINNER_CLASS: Record<string, string> = {
  banker: 'red',
  player: 'blue',
  dragon: 'red',
  tiger: 'blue',
  tie: 'green',
};

function Grid({
  name,
  cells,
  render,
}: {
  name: string;
  cells: Cell[];
  render: (value: unknown) => [string, string];
}) {
  const cols = Math.max(12, ...cells.map((c) => c.col + 1));
  const shown = cells.filter((c) => c.col >= cols - 24);
  const first = Math.max(0, cols - 24);
  return (
    <figure className="road">
      <figcaption>{name}</figcaption>
      <div className="road-grid" style={{ gridTemplateColumns: `repeat(${Math.min(cols, 24)}, 1fr)` }}>
        {shown.map((c) => {
          const [cls, text] = render(c.value);
          return (
            <span
              key={`${c.col}:${c.row}`}
              className={`road-cell ${cls}`}
              style={{ gridColumn: c.col - first + 1, gridRow: c.row + 1 }}
            >
              {text}
            </span>
          );
        })}
      </div>
    </figure>
  );
}

export function Roads({ game, history }: { game: LiveGameCode; history: History | null }) {
  const { t } = useTranslation();
  if (!history) return null;
  const roads = history.roads;
  /** The number of the newest round drawn (the end-to-end test waits for its round on it). */
  const last = history.rounds.at(-1)?.number;
  if (game === 'BAC' || game === 'DAT') {
    const letter = (w: string) => t(`live.road.${w}`);
    const big: Cell[] = (roads.big.cells as Cell[][]).flat();
    return (
      <section className="roads" aria-label={t('live.history')} data-last-round={last}>
        <Grid
          name={t('live.road.bead')}
          cells={roads.bead}
          render={(v) => {
            const w = (v as { winner: string }).winner;
            return [WINNER_CLASS[w] ?? '', letter(w)];
          }}
        />
        <Grid
          name={t('live.road.big')}
          cells={big}
          render={(v) => {
            const e = v as { winner: string; ties: number };
            return [`ring ${WINNER_CLASS[e.winner] ?? ''}`, e.ties > 0 ? String(e.ties) : ''];
          }}
        />
        {game === 'BAC' &&
          (['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const).map((name) => (
            <Grid
              key={name}
              name={t(`live.road.${name}`)}
              cells={(roads[name].cells as Cell[][]).flat()}
              render={(v) => [`dot ${v === 'red' ? 'red' : 'blue'}`, '']}
            />
          ))}
      </section>
    );
  }
  const strip = roads.strip as unknown[];
  // The strip is newest first; the rounds oldest first.
  const keyOf = (i: number) => history.rounds[history.rounds.length - 1 - i]?.id ?? `n${i}`;
  return (
    <section className="roads" aria-label={t('live.history')} data-last-round={last}>
      <figure className="road">
        <figcaption>{t('live.road.last')}</figcaption>
        <ol className="strip">
          {strip.slice(0, 20).map((entry, i) => {
            if (game === 'ROU') {
              const pocket = typeof entry === 'number' ? entry : (entry as { pocket: number }).pocket;
              return (
                <li key={keyOf(i)} className={`strip-cell ${pocketColour(pocket)}`}>
                  {pocket}
                </li>
              );
            }
            const e = entry as { dice: number[]; total: number; size: string };
            return (
              <li
                key={keyOf(i)}
                className={`strip-cell ${e.size === 'big' ? 'red' : e.size === 'small' ? 'blue' : 'green'}`}
              >
                {e.total}
              </li>
            );
          })}
        </ol>
      </figure>
    </section>
  );
}
