import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/Field.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance } from '../../../lib/money.ts';
import { useTransferUpline, useUpline, useWithdrawalSettings } from '../api/withdrawals.ts';
import './withdrawals.css';

const AMOUNT = /^\d{1,19}(\.\d{1,2})?$/;

/** Member-centre transferUpline: funds from the member's main wallet to its upline agent, with the funds password. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const upline = useUpline();
  const settings = useWithdrawalSettings();
  const transfer = useTransferUpline();
  const [status, setStatus] = useState<Status>(null);
  // One id per submission: a double click makes one transfer.
  const requestId = useRef(crypto.randomUUID());

  if (upline.isPending) return <Spinner />;
  if (upline.isError) return <QueryError error={upline.error} onRetry={() => void upline.refetch()} />;
  const symbol = settings.data?.currencySymbol ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const fundsPassword = String(data.get('fundsPassword') ?? '');
    if (!AMOUNT.test(amount) || /^0+(\.0+)?$/.test(amount)) {
      setStatus({ ok: false, text: t('transferUpline.amountInvalid') });
      return;
    }
    if (!fundsPassword) {
      setStatus({ ok: false, text: t('transferUpline.fundsPasswordRequired') });
      return;
    }
    transfer.mutate(
      { amount, fundsPassword, clientRequestId: requestId.current },
      {
        onSuccess: (result) => {
          requestId.current = crypto.randomUUID();
          form.reset();
          setStatus({
            ok: true,
            text: t('transferUpline.done', {
              amount: formatBalance(result.amount, symbol),
              upline: result.uplineAccount,
            }),
          });
        },
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };

  return (
    <div className="withdrawals-page" data-testid="transfer-upline-page">
      <h2 className="withdrawals-page__title">{t('transferUpline.title')}</h2>
      {upline.data.hasUpline ? (
        <section className="withdrawals-section" aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="withdrawals-section__title">
            {t('transferUpline.to', { upline: upline.data.uplineAccount })}
          </h3>
          <form className="withdrawals-form" onSubmit={submit} noValidate>
            <TextField id={id} name="amount" label={t('transferUpline.amount')} inputMode="decimal" />
            <TextField
              id={id}
              name="fundsPassword"
              type="password"
              label={t('transferUpline.fundsPassword')}
            />
            <button type="submit" className="button button--primary" disabled={transfer.isPending}>
              {t('transferUpline.submit')}
            </button>
          </form>
          <StatusLine status={status} />
        </section>
      ) : (
        <Notice>{t('transferUpline.noUpline')}</Notice>
      )}
    </div>
  );
}
