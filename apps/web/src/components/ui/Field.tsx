import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

/** The id of a field's hint line, for the control's aria-describedby. */
export const hintId = (id: string) => `${id}-hint`;
/** The id of a field's error line, for the control's aria-describedby. */
export const errorId = (id: string) => `${id}-error`;

/** What a control with this hint and error names in aria-describedby (undefined: nothing). */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }) {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A labelled form field around any control (`children`, whose id is `id`): label, control, an
 * optional hint and an optional error line. The control points at them with
 * `aria-describedby={describedBy(id, { hint, error })}`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(id)} error={error} />
    </div>
  );
}

/**
 * A labelled text input for FormData forms (uncontrolled). `id` is the form's useId(): the input's
 * id is `${id}-${name}`, unique on the page. A password field keeps the browser from suggesting
 * saved values unless `autoComplete` says otherwise.
 */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  hint,
  error,
  defaultValue,
  disabled,
  maxLength,
  inputMode,
  autoComplete,
  testId,
}: {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  hint?: string;
  error?: string;
  defaultValue?: string;
  disabled?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
  testId?: string;
}) {
  const inputId = `${id}-${name}`;
  return (
    <Field id={inputId} label={label} hint={hint} error={error}>
      <input
        id={inputId}
        name={name}
        type={type}
        className="input"
        defaultValue={defaultValue}
        disabled={disabled}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete ?? (type === 'password' ? 'off' : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        data-testid={testId}
      />
    </Field>
  );
}
