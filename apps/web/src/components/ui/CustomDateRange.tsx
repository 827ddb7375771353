import { useState } from 'react';
import { Field } from './Field.tsx';

export type DateRangeValue = { start: string; end: string };

/** The state of a custom date range: its dates (`initial` first) and the range's error. */
export function useCustomDateRange(initial: () => DateRangeValue) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  return { value, setValue, error, setError };
}

/**
 * A custom date range (start and end date inputs with their search button, a form's submit), shown
 * when `open`, and the range's error under it. `block` names the form's CSS block.
 */
export function CustomDateRange({
  id,
  open,
  block,
  small = false,
  range,
  labels,
}: {
  id: string;
  open: boolean;
  block: string;
  small?: boolean;
  range: ReturnType<typeof useCustomDateRange>;
  labels: { start: string; end: string; search: string };
}) {
  const { value, setValue, error } = range;
  const dateField = (key: 'start' | 'end') => (
    <Field id={`${id}-${key}`} label={labels[key]}>
      <input
        id={`${id}-${key}`}
        type="date"
        className="input"
        value={value[key]}
        onChange={(e) => {
          const date = e.target.value;
          setValue((c) => ({ ...c, [key]: date }));
        }}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  );
  return (
    <>
      {open ? (
        <div className={`${block}__custom`}>
          {dateField('start')}
          {dateField('end')}
          <button
            type="submit"
            className={small ? 'button button--primary button--small' : 'button button--primary'}
          >
            {labels.search}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
