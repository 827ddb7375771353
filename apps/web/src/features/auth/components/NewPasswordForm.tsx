import type { LoginResult } from '@lotus/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { closeModal } from '../../../lib/modals.ts';
import { completeLogin, type LoginMethod } from '../lib/complete-login.ts';
import { PasswordInput, usePasswordLabels } from './PasswordFields.tsx';

/**
 * A form that sets a new password and logs in with the answer (change and reset by phone): the
 * checked errors stop it; success logs in again, closes the modal and goes to /; a field error
 * from the API shows at its field, any other as the form's message.
 */
export function useNewPasswordSubmit(method: LoginMethod) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (checked: Record<string, string>, send: () => Promise<LoginResult>) => {
    setErrors(checked);
    setMessage(null);
    if (Object.keys(checked).length > 0) return;
    setPending(true);
    try {
      const result = await send();
      await completeLogin(result, queryClient, method);
      closeModal();
      navigate(paths.root.to());
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors(fields);
      setMessage(Object.keys(fields).length > 0 ? null : errorText(error));
    } finally {
      setPending(false);
    }
  };

  return { errors, setErrors, message, pending, run };
}

/** The new password, its confirmation, the submit button and the form's message. */
export function NewPasswordFields({
  id,
  errors,
  message,
  pending,
  submitLabel,
}: {
  id: string;
  errors: Record<string, string>;
  message: string | null;
  pending: boolean;
  submitLabel: string;
}) {
  const labels = usePasswordLabels();
  return (
    <>
      <PasswordInput id={id} name="newPassword" label={labels.next} error={errors.newPassword} />
      <PasswordInput
        id={id}
        name="confirmNewPassword"
        label={labels.confirm}
        error={errors.confirmNewPassword}
      />
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
      {message ? (
        <p className="login-form__note" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
