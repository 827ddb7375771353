import { type FormEvent, useState } from 'react';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days, today included, as `YYYY-MM-DD` from / to. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/**
 * A report's filter form: the fields edit a draft, submitting applies it (the query reads `filter`).
 */
export function useReportFilter<F extends object>(initial: () => F) {
  const [draft, setDraft] = useState<F>(initial);
  const [filter, setFilter] = useState<F>(draft);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
  };
  return { draft, setDraft, filter, apply };
}

/** The required from / to date fields of a report's toolbar; `idPrefix` keeps their ids unique. */
export function DateRangeFields({
  idPrefix,
  labels,
  value,
  onChange,
}: {
  idPrefix: string;
  labels: { from: string; to: string };
  value: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <>
      <label htmlFor={`${idPrefix}-from`}>{labels.from}</label>
      <input
        id={`${idPrefix}-from`}
        type="date"
        required
        value={value.from}
        onChange={(e) => onChange({ from: e.target.value, to: value.to })}
      />
      <label htmlFor={`${idPrefix}-to`}>{labels.to}</label>
      <input
        id={`${idPrefix}-to`}
        type="date"
        required
        value={value.to}
        onChange={(e) => onChange({ from: value.from, to: e.target.value })}
      />
    </>
  );
}
