import type { OperatorPasswordReset, OperatorRole, OperatorSummary } from '@lotus/contracts/backoffice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

const ROLES: OperatorRole[] = ['admin', 'finance', 'cs', 'marketing', 'readonly'];

/**
 * Operators of the brand (admins): create with a role, reset the authenticator, reset the password
 * (a temporary one, shown once, to be changed at the next login), (de)activate.
 */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const myId = session.operator()?.id;
  const [open, setOpen] = useState(false);
  /** The operator whose password reset awaits confirmation. */
  const [confirming, setConfirming] = useState<OperatorSummary | null>(null);
  /** The answer of a reset: its temporary password is shown this once. */
  const [issued, setIssued] = useState<OperatorPasswordReset | null>(null);
  const [form, setForm] = useState({ username: '', password: '', role: 'readonly' as OperatorRole });
  const list = useQuery({
    queryKey: ['operators'],
    queryFn: () => boApi<OperatorSummary[]>('/bo/v1/operators'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });
  const create = useMutation({
    mutationFn: () => boApi<OperatorSummary>('/bo/v1/operators', { method: 'POST', body: form }),
    onSuccess: () => {
      setOpen(false);
      setForm({ username: '', password: '', role: 'readonly' });
      void refresh();
    },
  });
  const change = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'reset' | 'activate' | 'deactivate' }) =>
      action === 'reset'
        ? boApi(`/bo/v1/operators/${id}/totp/reset`, { method: 'POST' })
        : boApi(`/bo/v1/operators/${id}/active`, { method: 'PUT', body: { active: action === 'activate' } }),
    onSuccess: () => void refresh(),
  });
  const resetPassword = useMutation({
    mutationFn: (id: string) =>
      boApi<OperatorPasswordReset>(`/bo/v1/operators/${id}/password`, { method: 'POST' }),
    onSuccess: (answer) => {
      setConfirming(null);
      setIssued(answer);
      void refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t('operators.title')}</h1>
      <button type="button" onClick={() => setOpen(true)}>
        {t('operators.create')}
      </button>
      <QueryState loading={list.isPending} error={list.error ?? change.error} />
      {list.data && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('login.username')}</th>
                <th scope="col">{t('operators.role')}</th>
                <th scope="col">{t('operators.totp')}</th>
                <th scope="col">{t('members.status')}</th>
                <th scope="col">{t('operators.lastLogin')}</th>
                <th scope="col">{t('adjustments.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((operator) => (
                <tr key={operator.id}>
                  <td>{operator.username}</td>
                  <td>{t(`roles.${operator.role}`)}</td>
                  <td>{operator.totpEnabled ? t('operators.totpOn') : t('operators.totpOff')}</td>
                  <td>
                    {operator.active ? t('operators.active') : t('operators.inactive')}
                    {operator.mustChangePassword ? ` · ${t('operators.mustChangePassword')}` : ''}
                  </td>
                  <td>{operator.lastLoginAt ? new Date(operator.lastLoginAt).toLocaleString() : ''}</td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => change.mutate({ id: operator.id, action: 'reset' })}
                    >
                      {t('operators.resetTotp')}
                    </button>{' '}
                    {operator.id !== myId && (
                      <>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => {
                            resetPassword.reset();
                            setConfirming(operator);
                          }}
                        >
                          {t('operators.resetPassword')}
                        </button>{' '}
                      </>
                    )}
                    <button
                      type="button"
                      className="secondary"
                      onClick={() =>
                        change.mutate({
                          id: operator.id,
                          action: operator.active ? 'deactivate' : 'activate',
                        })
                      }
                    >
                      {operator.active ? t('operators.deactivate') : t('operators.activate')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(next) => (next ? undefined : setConfirming(null))}
        title={t('operators.resetPassword')}
      >
        <p>{t('operators.resetPasswordConfirm', { username: confirming?.username ?? '' })}</p>
        {resetPassword.error && (
          <p role="alert" className="error">
            {resetPassword.error.message}
          </p>
        )}
        <button
          type="button"
          disabled={resetPassword.isPending}
          onClick={() => confirming && resetPassword.mutate(confirming.id)}
        >
          {t('operators.resetPasswordConfirmButton')}
        </button>
      </Dialog>
      <Dialog
        open={issued !== null}
        onOpenChange={(next) => (next ? undefined : setIssued(null))}
        title={t('operators.temporaryPassword', { username: issued?.operator.username ?? '' })}
      >
        <p>{t('operators.temporaryPasswordHelp')}</p>
        <div className="field">
          <label htmlFor="temporary-password">{t('operators.temporaryPasswordLabel')}</label>
          <input
            id="temporary-password"
            readOnly
            autoComplete="off"
            spellCheck={false}
            value={issued?.temporaryPassword ?? ''}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      </Dialog>
      <Dialog open={open} onOpenChange={setOpen} title={t('operators.create')}>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="new-operator-username">{t('login.username')}</label>
            <input
              id="new-operator-username"
              required
              pattern="[A-Za-z0-9_.\-]{3,32}"
              value={form.username}
              onChange={(event) => setForm({ ...form, username: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="new-operator-password">{t('login.password')}</label>
            <input
              id="new-operator-password"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => setForm({ ...form, password: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="new-operator-role">{t('operators.role')}</label>
            <select
              id="new-operator-role"
              value={form.role}
              onChange={(event) => setForm({ ...form, role: event.target.value as OperatorRole })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
          {create.error && (
            <p role="alert" className="error">
              {create.error.message}
            </p>
          )}
          <button type="submit" disabled={create.isPending}>
            {t('common.save')}
          </button>
        </form>
      </Dialog>
    </section>
  );
}
