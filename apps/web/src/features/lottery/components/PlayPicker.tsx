import type { GamePlays } from '@lotus/contracts/lottery';
import { parseAmount } from '@lotus/contracts/money';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '../../../components/ui/Field.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { type PlayDefinition, playDefinition } from '../lib/play-types.ts';
import {
  buildSlip,
  combinationsOf,
  emptySelection,
  formatOdds,
  parseMultiple,
  parseTypedNumbers,
  type Selection,
  type Slip,
  toggleNumber,
} from '../lib/slip.ts';
import { playName, tierLabel, tokenLabel } from './labels.ts';

type Offered = { play: PlayDefinition; info: GamePlays['plays'][number] };

/**
 * Choosing a play type (with its odds), its numbers on a grid (or typed, for 3-digit and 4D
 * numbers), the stake unit and multiple, and adding the slip to the bet slip once it is valid.
 */
export function PlayPicker({
  plays,
  initialPlay,
  onAdd,
  format,
}: {
  plays: GamePlays;
  /** The page's `playType` parameter: a playId or play code to start with. */
  initialPlay?: string;
  onAdd: (slip: Slip) => void;
  format: (minor: bigint) => string;
}) {
  const { t } = useTranslation();
  const offered = useMemo(
    () =>
      plays.plays.flatMap((info): Offered[] => {
        const play = playDefinition(info.playId);
        return play && play.family === plays.family ? [{ play, info }] : [];
      }),
    [plays],
  );
  const [playId, setPlayId] = useState(
    () =>
      offered.find((o) => String(o.play.id) === initialPlay || o.info.playCode === initialPlay)?.play.id ??
      offered[0]?.play.id ??
      0,
  );
  const chosen = offered.find((o) => o.play.id === playId) ?? offered[0];
  if (!chosen) return <p className="lottery-muted">{t('lottery.noPlays')}</p>;
  return (
    <section className="lottery-panel" aria-labelledby="lottery-play-title">
      <h2 id="lottery-play-title" className="lottery-panel__title">
        {t('lottery.playType')}
      </h2>
      <fieldset className="lottery-plays">
        <legend className="visually-hidden">{t('lottery.playType')}</legend>
        {offered.map(({ play, info }) => (
          <button
            key={play.id}
            type="button"
            className="lottery-chip"
            aria-pressed={play.id === chosen.play.id}
            onClick={() => setPlayId(play.id)}
            data-testid={`lottery-play-${info.playCode}`}
          >
            {playName(t, info.playCode)}
          </button>
        ))}
      </fieldset>
      <SlipForm key={`${chosen.play.id}`} offered={chosen} plays={plays} onAdd={onAdd} format={format} />
    </section>
  );
}

function SlipForm({
  offered,
  plays,
  onAdd,
  format,
}: {
  offered: Offered;
  plays: GamePlays;
  onAdd: (slip: Slip) => void;
  format: (minor: bigint) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { play, info } = offered;
  const [selection, setSelection] = useState<Selection>(() => emptySelection(play));
  const [typed, setTyped] = useState('');
  const [mode, setMode] = useState(plays.units[0]?.mode ?? '1');
  const [multipleText, setMultipleText] = useState('1');
  const [status, setStatus] = useState<Status>(null);
  const currency = plays.currency;
  const unit = parseAmount(plays.units.find((u) => u.mode === mode)?.amount ?? '0', currency) ?? 0n;

  const typedResult = play.input === 'typed' ? parseTypedNumbers(typed, play.width ?? 1) : null;
  const effective: Selection =
    typedResult && 'numbers' in typedResult
      ? [typedResult.numbers]
      : play.input === 'typed'
        ? [[]]
        : selection;
  const combinations = combinationsOf(play, effective);
  const multiple = parseMultiple(multipleText);
  const amount = multiple !== null ? unit * combinations * multiple : null;
  const multipleError =
    multipleText.trim() !== '' && multiple === null ? t('lottery.multipleInvalid') : undefined;

  const add = () => {
    if (typedResult && 'error' in typedResult) {
      setStatus({
        ok: false,
        text:
          typedResult.error === 'duplicate'
            ? t('lottery.typedDuplicate')
            : t('lottery.typedInvalid', { width: play.width }),
      });
      return;
    }
    const built = buildSlip({
      play,
      selection: effective,
      mode,
      unit,
      multipleText,
      limits: {
        minSlip: parseAmount(info.minSlip, currency) ?? 0n,
        maxSlip: parseAmount(info.maxSlip, currency) ?? 0n,
      },
      key: crypto.randomUUID(),
    });
    if ('problem' in built) {
      const problem = built.problem;
      setStatus({
        ok: false,
        text:
          problem.reason === 'selection'
            ? t('lottery.selectionIncomplete')
            : problem.reason === 'multiple'
              ? t('lottery.multipleInvalid')
              : problem.reason === 'below-minimum'
                ? t('lottery.slipBelowMin', { min: format(problem.limit) })
                : t('lottery.slipAboveMax', { max: format(problem.limit) }),
      });
      return;
    }
    onAdd(built.slip);
    setSelection(emptySelection(play));
    setTyped('');
    setStatus({ ok: true, text: t('lottery.added') });
  };

  return (
    <div className="lottery-form" data-testid="lottery-picker">
      <p className="lottery-odds" data-testid="lottery-odds">
        {info.odds.length === 1 ? (
          <>
            {t('lottery.odds')} <strong>{formatOdds(info.odds[0]!.odds)}×</strong>
          </>
        ) : (
          <>
            {t('lottery.odds')}{' '}
            {info.odds.map((o) => (
              <span key={o.tier} className="lottery-odds__tier">
                {tierLabel(t, o.tier)} <strong>{formatOdds(o.odds)}×</strong>
              </span>
            ))}
          </>
        )}
      </p>
      {play.input === 'typed' ? (
        <Field
          id={`${id}-typed`}
          label={
            play.positions[0]?.max === 1
              ? t('lottery.typeNumber', { width: play.width })
              : t('lottery.typeNumbers', { width: play.width })
          }
        >
          <input
            id={`${id}-typed`}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="lottery-typed"
          />
        </Field>
      ) : (
        play.positions.map((position, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed for a play type
            key={index}
            className="lottery-position"
          >
            <legend className="lottery-position__label">
              {play.places ? t('lottery.place', { n: play.places[index] }) : t('lottery.pickNumbers')}
            </legend>
            <div
              className={
                position.tokens.length > 20
                  ? 'lottery-balls-grid lottery-balls-grid--dense'
                  : 'lottery-balls-grid'
              }
            >
              {position.tokens.map((token) => (
                <button
                  key={token}
                  type="button"
                  className="lottery-pick"
                  aria-pressed={selection[index]?.includes(token) ?? false}
                  onClick={() => setSelection(toggleNumber(play, selection, index, token))}
                >
                  {tokenLabel(t, token)}
                </button>
              ))}
            </div>
          </fieldset>
        ))
      )}
      <div className="lottery-stake">
        <Field id={`${id}-unit`} label={t('lottery.unit')}>
          <select
            id={`${id}-unit`}
            className="input"
            value={mode}
            onChange={(event) => setMode(event.target.value)}
          >
            {plays.units.map((u) => (
              <option key={u.mode} value={u.mode}>
                {format(parseAmount(u.amount, currency) ?? 0n)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-multiple`} label={t('lottery.multiple')} error={multipleError}>
          <input
            id={`${id}-multiple`}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={multipleText}
            onChange={(event) => setMultipleText(event.target.value)}
            aria-invalid={multipleError ? true : undefined}
            aria-describedby={describedBy(`${id}-multiple`, { error: multipleError })}
            data-testid="lottery-multiple"
          />
        </Field>
      </div>
      <p className="lottery-muted" data-testid="lottery-slip-preview">
        {t('lottery.preview', {
          combinations: combinations.toString(),
          amount: amount !== null ? format(amount) : '-',
        })}
      </p>
      <button type="button" className="button button--accent" onClick={add} data-testid="lottery-add">
        {t('lottery.addToSlip')}
      </button>
      <StatusLine status={status} />
    </div>
  );
}
