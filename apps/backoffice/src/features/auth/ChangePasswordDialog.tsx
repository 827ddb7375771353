import { type OperatorInfo, operatorPasswordProblem } from '@lotus/contracts/backoffice';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { boApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

type Fields = { current: string; next: string; confirm: string };
const EMPTY: Fields = { current: '', next: '', confirm: '' };

/**
 * The operator's own password change (PUT /bo/v1/me/password), from the top bar. `forced` after an
 * admin reset: it cannot be dismissed and explains why; once changed the stored identity loses the
 * flag and the back office opens. The server ends the operator's other sessions.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  forced = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forced?: boolean;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [message, setMessage] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const operator = session.operator();

  const close = (next: boolean) => {
    if (!next) {
      setFields(EMPTY);
      setErrors({});
      setMessage('');
      setDone(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!fields.current) found.current = t('password.currentRequired');
    if (operatorPasswordProblem(fields.next, operator?.username ?? '')) found.next = t('password.rules');
    else if (fields.next === fields.current) found.next = t('password.reused');
    if (fields.confirm !== fields.next) found.confirm = t('password.mismatch');
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const info = await boApi<OperatorInfo>('/bo/v1/me/password', {
        method: 'PUT',
        body: { currentPassword: fields.current, newPassword: fields.next },
      });
      setFields(EMPTY);
      setDone(true);
      const token = session.token();
      if (token) session.start(token, info);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`pw-${name}`}>{label}</label>
      <input
        id={`pw-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `pw-${name}-error` : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
      {errors[name] && (
        <span id={`pw-${name}-error`} className="field-error">
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={close} title={t('password.title')} dismissible={!forced}>
      {forced && <p>{t('password.forcedHelp')}</p>}
      {done ? (
        <p role="status" className="notice">
          {t('password.done')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          {field('current', forced ? t('password.temporary') : t('password.current'), 'current-password')}
          {field('next', t('password.new'), 'new-password')}
          <p className="hint">{t('password.rules')}</p>
          {field('confirm', t('password.confirm'), 'new-password')}
          {message && (
            <p role="alert" className="error">
              {message}
            </p>
          )}
          <button type="submit" disabled={busy}>
            {t('password.submit')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
