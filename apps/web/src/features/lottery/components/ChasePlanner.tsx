import { CHASE_PLANS, type ChasePlanKind } from '@lotus/contracts/lottery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/Field.tsx';
import { type ChaseInput, type ChasePlanResult, MAX_CHASE_NUMEROS, MIN_CHASE_NUMEROS } from '../lib/chase.ts';
import { chasePlanLabel } from './labels.ts';

/** What the member typed into the chase planner (texts until they parse). */
export type ChaseForm = {
  on: boolean;
  kind: ChasePlanKind;
  numeros: string;
  start: string;
  every: string;
  profit: string;
  winningStop: boolean;
  abandoning: boolean;
};

export const INITIAL_CHASE: ChaseForm = {
  on: false,
  kind: 'same',
  numeros: '5',
  start: '1',
  every: '1',
  profit: '50',
  winningStop: true,
  abandoning: false,
};

const whole = (text: string, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,5}$/.test(trimmed)) return null;
  const value = Number.parseInt(trimmed, 10);
  return value <= max ? value : null;
};

/** The plan's numbers, or null while a field does not hold a whole number in range. */
export function chaseInputOf(form: ChaseForm): ChaseInput | null {
  // Out-of-range counts parse, so the plan says what the range is.
  const numeros = whole(form.numeros, 999);
  const startMultiple = whole(form.start, 10_000);
  const doubleEvery = whole(form.every, MAX_CHASE_NUMEROS);
  const targetProfitPercent = whole(form.profit, 100_000);
  if (numeros === null || startMultiple === null) return null;
  if (form.kind === 'double' && doubleEvery === null) return null;
  if (form.kind === 'profit' && targetProfitPercent === null) return null;
  return {
    kind: form.kind,
    numeros,
    startMultiple,
    doubleEvery: doubleEvery ?? 1,
    targetProfitPercent: targetProfitPercent ?? 1,
  };
}

/**
 * The chase planner: follow the next N draws with the same multiple, doubling every n draws, or the
 * least multiple that reaches a target profit on a win; stop after a win (winningStop) and stop
 * when a draw is cancelled (abandoning). Shows every step's multiple and cost and the total that
 * leaves the wallet when the bet is placed.
 */
export function ChasePlanner({
  form,
  onChange,
  plan,
  format,
}: {
  form: ChaseForm;
  onChange: (next: ChaseForm) => void;
  /** null while the cart is empty; 'invalid' while a field holds no whole number. */
  plan: ChasePlanResult | 'invalid' | null;
  format: (minor: bigint) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<ChaseForm>) => onChange({ ...form, ...patch });
  const problem =
    plan === 'invalid'
      ? t('lottery.chase.fieldsInvalid')
      : plan && !plan.ok
        ? plan.reason === 'numeros'
          ? t('lottery.chase.numerosInvalid', { min: MIN_CHASE_NUMEROS, max: MAX_CHASE_NUMEROS })
          : plan.reason === 'unreachable'
            ? t('lottery.chase.unreachable')
            : plan.reason === 'multiple'
              ? t('lottery.chase.multipleTooHigh')
              : t('lottery.chase.limit')
        : null;

  return (
    <div className="lottery-chase" data-testid="lottery-chase">
      <label className="lottery-check">
        <input
          type="checkbox"
          checked={form.on}
          onChange={(event) => set({ on: event.target.checked })}
          data-testid="lottery-chase-on"
        />
        {t('lottery.chase.follow')}
      </label>
      {form.on ? (
        <>
          <fieldset className="lottery-modes">
            <legend className="lottery-muted">{t('lottery.chase.planKind')}</legend>
            {CHASE_PLANS.map((kind) => (
              <button
                key={kind}
                type="button"
                className="lottery-chip"
                aria-pressed={kind === form.kind}
                onClick={() => set({ kind })}
                data-testid={`lottery-chase-${kind}`}
              >
                {chasePlanLabel(t, kind)}
              </button>
            ))}
          </fieldset>
          <div className="lottery-stake">
            <NumberField
              id={`${id}-numeros`}
              label={t('lottery.chase.numeros')}
              maxLength={3}
              value={form.numeros}
              onChange={(numeros) => set({ numeros })}
              testId="lottery-chase-numeros"
            />
            <NumberField
              id={`${id}-start`}
              label={t('lottery.chase.startMultiple')}
              maxLength={5}
              value={form.start}
              onChange={(start) => set({ start })}
              testId="lottery-chase-start"
            />
            {form.kind === 'double' ? (
              <NumberField
                id={`${id}-every`}
                label={t('lottery.chase.doubleEvery')}
                maxLength={3}
                value={form.every}
                onChange={(every) => set({ every })}
                testId="lottery-chase-every"
              />
            ) : null}
            {form.kind === 'profit' ? (
              <NumberField
                id={`${id}-profit`}
                label={t('lottery.chase.targetProfit')}
                maxLength={6}
                value={form.profit}
                onChange={(profit) => set({ profit })}
                testId="lottery-chase-profit"
              />
            ) : null}
          </div>
          <Check
            checked={form.winningStop}
            onChange={(winningStop) => set({ winningStop })}
            label={t('lottery.chase.winningStop')}
          />
          <Check
            checked={form.abandoning}
            onChange={(abandoning) => set({ abandoning })}
            label={t('lottery.chase.abandoning')}
          />
          {problem ? (
            <p className="lottery-muted" role="alert">
              {problem}
            </p>
          ) : plan !== 'invalid' && plan?.ok ? (
            <>
              <p className="lottery-chase__total">
                {t('lottery.chase.total', { count: plan.steps.length })}{' '}
                <strong data-testid="lottery-chase-total">{format(plan.total)}</strong>
              </p>
              <details className="lottery-chase__steps">
                <summary>{t('lottery.chase.showSteps')}</summary>
                <div className="lottery-table-wrap">
                  <table className="lottery-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('lottery.chase.stepColumn')}</th>
                        <th scope="col">{t('lottery.multiple')}</th>
                        <th scope="col">{t('lottery.stake')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {plan.steps.map((step) => (
                        <tr key={step.step}>
                          <td>{step.step}</td>
                          <td>×{step.multiple.toString()}</td>
                          <td>{format(step.amount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          ) : (
            <p className="lottery-muted">{t('lottery.chase.needCart')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}

/** A whole-number field of the planner (kept as typed text until it parses). */
function NumberField(props: {
  id: string;
  label: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      />
    </Field>
  );
}

function Check(props: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <label className="lottery-check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}
