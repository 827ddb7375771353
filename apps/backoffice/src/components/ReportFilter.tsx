import { type FormEvent, useState } from 'react';
import { QuickDays } from './QuickDays.tsx';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days, today included, as `YYYY-MM-DD` from / to. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/**
 * A list's or report's filter form: the fields edit a draft, submitting applies it (the query reads
 * `filter`) and calls `onApply` (a paged list goes back to its first page).
 */
export function useReportFilter<F extends object>(initial: F | (() => F), onApply?: () => void) {
  const [draft, setDraft] = useState<F>(initial);
  const [filter, setFilter] = useState<F>(draft);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    onApply?.();
  };
  return { draft, setDraft, filter, apply };
}

/** The from / to date fields of a filter toolbar; `idPrefix` keeps their ids unique. */
export function DateRangeFields({
  idPrefix,
  labels,
  value,
  onChange,
  required = true,
}: {
  idPrefix: string;
  labels: { from: string; to: string };
  value: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
  required?: boolean;
}) {
  return (
    <>
      <label htmlFor={`${idPrefix}-from`}>{labels.from}</label>
      <input
        id={`${idPrefix}-from`}
        type="date"
        required={required}
        value={value.from}
        onChange={(e) => onChange({ from: e.target.value, to: value.to })}
      />
      <label htmlFor={`${idPrefix}-to`}>{labels.to}</label>
      <input
        id={`${idPrefix}-to`}
        type="date"
        required={required}
        value={value.to}
        onChange={(e) => onChange({ from: value.from, to: e.target.value })}
      />
      <QuickDays direction="past" onPick={({ days }) => onChange(lastDays(days))} />
    </>
  );
}
