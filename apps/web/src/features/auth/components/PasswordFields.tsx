import { useTranslation } from 'react-i18next';

/** A labelled password input with its first error under it. */
export function PasswordInput({
  id,
  name,
  label,
  error,
  autoComplete = 'new-password',
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="password"
        className="input"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${name}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-${name}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Translated label lookup shared by the password forms. */
export function usePasswordLabels() {
  const { t } = useTranslation();
  return {
    old: t('password.old'),
    next: t('password.new'),
    confirm: t('password.confirm'),
  };
}
