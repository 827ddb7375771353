import {
  checkDepositAmount,
  type Deposit,
  type DepositCreated,
  type DepositMethod,
  type DepositSettings,
  type DepositStatus,
  RECEIPT_RULES,
} from '@lotus/contracts/deposits';
import { parseAmount } from '@lotus/contracts/money';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Field, hintId, TextField } from '../../../components/ui/Field.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance } from '../../../lib/money.ts';
import {
  useBankTransfer,
  useCancelDeposit,
  useDepositSettings,
  useDeposits,
  useRequestDeposit,
} from '../api/deposits.ts';
import './deposits.css';

/** The member-centre page `depositv2` (spec §4): choose a method, deposit, and the member's recent deposits. */
export function DepositsPage({ openPage }: { openPage?: (page: 'responsibleGaming') => void } = {}) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const settings = useDepositSettings();

  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <div className="deposits-page" data-testid="deposit-page">
      <h2 className="deposits-page__title">{t('deposits.title')}</h2>
      {openPage ? (
        <p className="deposits-limits" data-testid="deposit-limits-prompt">
          {t('deposits.limitsPrompt')}{' '}
          <button type="button" className="link-button" onClick={() => openPage('responsibleGaming')}>
            {t('deposits.limitsLink')}
          </button>
        </p>
      ) : null}
      {settings.data.allowDeposit === 'N' || settings.data.methods.length === 0 ? (
        <Notice>{t('deposits.unavailable')}</Notice>
      ) : (
        <DepositForm settings={settings.data} />
      )}
      <DepositList currencySymbol={settings.data.currencySymbol} />
    </div>
  );
}

function methodLabel(t: (key: string) => string, method: DepositMethod): string {
  switch (method.kind) {
    case 'bank_transfer':
      return t('deposits.kindBank');
    case 'gateway':
      return t('deposits.kindGateway');
    case 'qr':
      return t('deposits.kindQr');
  }
}

function DepositForm({ settings }: { settings: DepositSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const [methodId, setMethodId] = useState(settings.methods[0]?.id ?? '');
  const method = settings.methods.find((m) => m.id === methodId) ?? settings.methods[0];
  const [status, setStatus] = useState<Status>(null);
  const [qr, setQr] = useState<DepositCreated | null>(null);
  // One id per intended deposit: a double click or a retry of the same form creates one deposit.
  const requestId = useRef(crypto.randomUUID());
  const online = useRequestDeposit();
  const bank = useBankTransfer();
  if (!method) return null;
  const symbol = settings.currencySymbol;
  const min = formatBalance(method.minAmount, symbol) ?? method.minAmount;
  const max = formatBalance(method.maxAmount, symbol) ?? method.maxAmount;
  const pending = online.isPending || bank.isPending;

  const changeMethod = (next: string) => {
    setMethodId(next);
    setStatus(null);
    setQr(null);
    requestId.current = crypto.randomUUID();
  };

  const fail = (text: string) => setStatus({ ok: false, text });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const checked = checkDepositAmount(amount, settings.currency, {
      minimum: parseAmount(method.minAmount, settings.currency) ?? 0n,
      maximum: parseAmount(method.maxAmount, settings.currency) ?? 0n,
    });
    if (!checked.ok) {
      fail(
        checked.reason === 'invalid'
          ? t('deposits.amountInvalid')
          : checked.reason === 'below_minimum'
            ? t('deposits.amountBelow', { min })
            : t('deposits.amountAbove', { max }),
      );
      return;
    }
    const done = () => {
      requestId.current = crypto.randomUUID();
      form.reset();
    };
    if (method.kind === 'bank_transfer') {
      const receipt = data.get('receipt');
      const transferReference = String(data.get('transferReference') ?? '').trim();
      const bankAccountId = String(data.get('bankAccountId') ?? '');
      if (!bankAccountId) return fail(t('deposits.chooseAccount'));
      if (!transferReference) return fail(t('deposits.referenceRequired'));
      if (!(receipt instanceof File) || receipt.size === 0) return fail(t('deposits.receiptRequired'));
      if (!(RECEIPT_RULES.types as readonly string[]).includes(receipt.type))
        return fail(t('deposits.receiptType'));
      if (receipt.size >= RECEIPT_RULES.maxBytes) return fail(t('deposits.receiptTooLarge'));
      bank.mutate(
        {
          methodId: method.id,
          bankAccountId,
          amount,
          transferReference,
          clientRequestId: requestId.current,
          receipt,
        },
        {
          onSuccess: () => {
            done();
            setStatus({ ok: true, text: t('deposits.submitted') });
          },
          onError: (error) => fail(errorText(error)),
        },
      );
      return;
    }
    online.mutate(
      { methodId: method.id, amount, clientRequestId: requestId.current },
      {
        onSuccess: (created) => {
          done();
          if (created.redirectUrl) {
            setStatus({ ok: true, text: t('deposits.redirecting') });
            window.location.assign(created.redirectUrl);
          } else if (created.qrImage) {
            setQr(created);
            setStatus({ ok: true, text: t('deposits.scanQr') });
          } else {
            setStatus({ ok: true, text: t('deposits.submitted') });
          }
        },
        onError: (error) => fail(errorText(error)),
      },
    );
  };

  return (
    <section className="deposits-section" aria-labelledby={`${id}-form`}>
      <h3 id={`${id}-form`} className="deposits-section__title">
        {t('deposits.newDeposit')}
      </h3>
      <form className="deposits-form" onSubmit={submit} noValidate data-testid="deposit-form">
        <fieldset className="deposit-methods">
          <legend className="field__label">{t('deposits.method')}</legend>
          {settings.methods.map((m) => (
            <label key={m.id} className="deposit-method">
              <input
                type="radio"
                name={`${id}-method`}
                value={m.id}
                checked={m.id === method.id}
                onChange={() => changeMethod(m.id)}
                data-testid={`deposit-method-${m.kind}`}
              />{' '}
              <span>{m.name}</span> <span className="deposit-method__kind">({methodLabel(t, m)})</span>
            </label>
          ))}
        </fieldset>
        {method.kind === 'bank_transfer' ? <BankAccounts method={method} id={id} /> : null}
        <TextField
          id={id}
          name="amount"
          label={t('deposits.amount')}
          hint={t('deposits.limits', { min, max })}
          inputMode="decimal"
          testId="deposit-amount"
        />
        {method.kind === 'bank_transfer' ? (
          <>
            <TextField
              id={id}
              name="transferReference"
              label={t('deposits.transferReference')}
              maxLength={RECEIPT_RULES.transferReferenceMax}
              testId="deposit-reference"
            />
            <Field id={`${id}-receipt`} label={t('deposits.receipt')} hint={t('deposits.receiptHint')}>
              <input
                id={`${id}-receipt`}
                name="receipt"
                type="file"
                accept="image/png,image/jpeg"
                className="input"
                aria-describedby={hintId(`${id}-receipt`)}
                data-testid="deposit-receipt"
              />
            </Field>
          </>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid="deposit-submit"
        >
          {pending
            ? t('deposits.submitting')
            : method.kind === 'bank_transfer'
              ? t('deposits.submit')
              : t('deposits.pay')}
        </button>
      </form>
      <StatusLine status={status} />
      {qr?.qrImage ? (
        <figure className="deposit-qr" data-testid="deposit-qr">
          <img
            src={qr.qrImage}
            alt={t('deposits.qrAlt', { reference: qr.deposit.reference })}
            width={240}
            height={240}
          />
          <figcaption>{t('deposits.qrCaption', { reference: qr.deposit.reference })}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

function BankAccounts({ method, id }: { method: DepositMethod; id: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="deposit-accounts" data-testid="deposit-accounts">
      <legend className="field__label">{t('deposits.transferTo')}</legend>
      {method.bankAccounts.map((a, index) => (
        <label key={a.id} className="deposit-account">
          <input type="radio" name="bankAccountId" value={a.id} defaultChecked={index === 0} />{' '}
          <span>
            <strong>{a.bankName}</strong> · {a.accountName} ·{' '}
            <span className="deposit-account__number">{a.accountNumber}</span>
          </span>
        </label>
      ))}
      <p id={`${id}-accounts-hint`} className="field__hint">
        {t('deposits.transferHint')}
      </p>
    </fieldset>
  );
}

function statusLabel(t: (key: string) => string, status: DepositStatus): string {
  switch (status) {
    case 'pending':
      return t('deposits.statusPending');
    case 'approved':
      return t('deposits.statusApproved');
    case 'paid':
      return t('deposits.statusPaid');
    case 'rejected':
      return t('deposits.statusRejected');
    case 'cancelled':
      return t('deposits.statusCancelled');
    case 'failed':
      return t('deposits.statusFailed');
  }
}

function DepositList({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useDeposits(page);
  const cancel = useCancelDeposit();
  const [status, setStatus] = useState<Status>(null);

  const cancelOne = (deposit: Deposit) =>
    cancel.mutate(deposit.id, {
      onSuccess: () => setStatus({ ok: true, text: t('deposits.cancelled') }),
      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
    });

  return (
    <section className="deposits-section" aria-labelledby={`${id}-list`}>
      <h3 id={`${id}-list`} className="deposits-section__title">
        {t('deposits.recent')}
      </h3>
      <StatusLine status={status} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('deposits.none')} />
      ) : (
        <>
          <ul className="deposits" data-testid="deposits">
            {list.data.items.map((d) => (
              <li key={d.id} className="deposit-row" data-testid={`deposit-${d.id}`}>
                <span className="deposit-row__amount">{formatBalance(d.amount, currencySymbol)}</span>
                <span>{d.methodName}</span>
                <span className={`deposit-row__status deposit-row__status--${d.status}`}>
                  {statusLabel(t, d.status)}
                </span>
                <time dateTime={new Date(d.createdAt).toISOString()}>
                  {new Date(d.createdAt).toLocaleString()}
                </time>
                {d.rejectReason ? <span className="deposit-row__reason">{d.rejectReason}</span> : null}
                {d.status === 'pending' ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => cancelOne(d)}
                    disabled={cancel.isPending}
                  >
                    {t('deposits.cancel')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / list.data.size)}
            onChange={setPage}
            label={t('deposits.pages')}
          />
        </>
      )}
    </section>
  );
}
