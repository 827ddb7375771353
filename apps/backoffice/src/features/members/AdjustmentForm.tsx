import type { AdjustmentRow } from '@lotus/contracts/backoffice';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boApi } from '../../lib/api.ts';
import { isPositiveAmount } from '../../lib/money.ts';

/**
 * Credit or debit a member's main wallet with a mandatory reason. The request id is drawn once per
 * form (and renewed after each success), so a double submit or a retry posts once.
 */
export function AdjustmentForm({
  memberId,
  onDone,
}: {
  memberId: string;
  onDone: (row: AdjustmentRow) => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!isPositiveAmount(amount)) found.amount = t('adjust.amountInvalid');
    if (reason.trim().length < 3) found.reason = t('adjust.reasonRequired');
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const row = await boApi<AdjustmentRow>('/bo/v1/adjustments', {
        method: 'POST',
        body: { requestId, memberId, direction, amount: amount.trim(), reason: reason.trim() },
      });
      setMessage(row.status === 'pending' ? t('adjust.pending') : t('adjust.applied'));
      setAmount('');
      setReason('');
      setRequestId(crypto.randomUUID());
      onDone(row);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="adjust-title">
      <h2 id="adjust-title">{t('adjust.title')}</h2>
      <fieldset className="radios">
        <legend>{t('adjust.direction')}</legend>
        <label>
          <input
            type="radio"
            name="direction"
            checked={direction === 'credit'}
            onChange={() => setDirection('credit')}
          />
          {t('adjust.credit')}
        </label>
        <label>
          <input
            type="radio"
            name="direction"
            checked={direction === 'debit'}
            onChange={() => setDirection('debit')}
          />
          {t('adjust.debit')}
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="adjust-amount">{t('adjust.amount')}</label>
        <input
          id="adjust-amount"
          inputMode="decimal"
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? 'adjust-amount-error' : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        {errors.amount && (
          <span id="adjust-amount-error" className="field-error">
            {errors.amount}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="adjust-reason">{t('adjust.reason')}</label>
        <textarea
          id="adjust-reason"
          value={reason}
          maxLength={500}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'adjust-reason-error' : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason && (
          <span id="adjust-reason-error" className="field-error">
            {errors.reason}
          </span>
        )}
      </div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t('adjust.submit')}
      </button>
    </form>
  );
}
