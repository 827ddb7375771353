import type { ReactNode } from 'react';

export type Status = { ok: boolean; text: string } | null;

/** The outcome of the last action: a polite status, or an alert when it failed. */
export function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p
      className={status.ok ? 'withdraw-status' : 'withdraw-status withdraw-status--error'}
      role={status.ok ? 'status' : 'alert'}
    >
      {status.text}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="withdraw-notice" role="note">
      {children}
    </div>
  );
}

/** A labelled input; `id` is the form's useId() so each field's id is unique on the page. */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  hint,
  maxLength,
  inputMode,
  autoComplete,
}: {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'password';
  hint?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
}) {
  const inputId = `${id}-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        type={type}
        className="input"
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete ?? (type === 'password' ? 'off' : undefined)}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
