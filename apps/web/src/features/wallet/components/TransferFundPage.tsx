import type { ConsolidatedFunds } from '@lotus/contracts/wallet';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance } from '../../../lib/money.ts';
import { useConsolidatedFunds, useSweepToMain, useWalletTransfer } from '../api/wallet.ts';
import './wallet.css';

type Direction = 'toVendor' | 'toMain';

/** At most the currency's two fraction digits, above zero; the server checks the same again. */
const AMOUNT = /^\d{1,19}(\.\d{1,2})?$/;

function newRequestId(): string {
  return crypto.randomUUID();
}

function WalletCards({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatBalance(amount, funds.currencySymbol) ?? amount;
  return (
    <dl className="wallet-cards" data-testid="wallet-cards">
      <div className="wallet-card wallet-card--main">
        <dt>{t('wallet.main')}</dt>
        <dd data-testid="wallet-main">{money(funds.main)}</dd>
      </div>
      {funds.vendorWallets.map((w) => (
        <div key={w.accountTypeId} className="wallet-card">
          <dt>
            {w.vendorName}
            {w.active ? null : <span className="wallet-card__note"> ({t('wallet.inactive')})</span>}
          </dt>
          <dd data-testid={`wallet-vendor-${w.accountTypeId}`}>{money(w.balance)}</dd>
        </div>
      ))}
      <div className="wallet-card wallet-card--sum">
        <dt>{t('wallet.total')}</dt>
        <dd data-testid="wallet-total">{money(funds.sumBalance)}</dd>
      </div>
      {/^[0.]+$/.test(funds.pendingWithdrawals) ? null : (
        <div className="wallet-card wallet-card--pending">
          <dt>{t('wallet.pendingWithdrawals')}</dt>
          <dd data-testid="wallet-pending-withdrawals">{money(funds.pendingWithdrawals)}</dd>
        </div>
      )}
      {/^[0.]+$/.test(funds.pendingDeposits) ? null : (
        <div className="wallet-card wallet-card--pending">
          <dt>{t('wallet.pendingDeposits')}</dt>
          <dd data-testid="wallet-pending-deposits">{money(funds.pendingDeposits)}</dd>
        </div>
      )}
    </dl>
  );
}

function TransferForm({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation();
  const id = useId();
  const transfer = useWalletTransfer();
  const sweep = useSweepToMain();
  const active = funds.vendorWallets.filter((w) => w.active);
  const [vendor, setVendor] = useState(String(active[0]?.accountTypeId ?? ''));
  const [direction, setDirection] = useState<Direction>('toVendor');
  const [amount, setAmount] = useState('');
  const [status, setStatus] = useState<Status>(null);
  // One id per intended transfer: a double click or a retry of the same form sends the same id,
  // so the server moves the money once; it changes when the member changes the form or succeeds.
  const requestId = useRef(newRequestId());
  const sweepId = useRef(newRequestId());
  const edited = () => {
    requestId.current = newRequestId();
    setStatus(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    if (!AMOUNT.test(text) || /^[0.]+$/.test(text)) {
      setStatus({ ok: false, text: t('wallet.amountInvalid') });
      return;
    }
    const vendorId = Number(vendor);
    transfer.mutate(
      {
        from: direction === 'toVendor' ? 0 : vendorId,
        to: direction === 'toVendor' ? vendorId : 0,
        amount: text,
        requestId: requestId.current,
      },
      {
        onSuccess: (result) => {
          requestId.current = newRequestId();
          setAmount('');
          setStatus({
            ok: true,
            text: t('wallet.transferred', {
              amount: formatBalance(result.transferred, funds.currencySymbol),
            }),
          });
        },
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };

  const sweepAll = () =>
    sweep.mutate(sweepId.current, {
      onSuccess: (result) => {
        sweepId.current = newRequestId();
        setStatus({
          ok: true,
          text: t('wallet.swept', { amount: formatBalance(result.transferred, funds.currencySymbol) }),
        });
      },
      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
    });

  if (active.length === 0) return <p className="wallet-note">{t('wallet.noVendors')}</p>;
  return (
    <>
      <form className="wallet-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-vendor`}>
            {t('wallet.gameWallet')}
          </label>
          <select
            id={`${id}-vendor`}
            className="input"
            value={vendor}
            onChange={(e) => {
              setVendor(e.target.value);
              edited();
            }}
          >
            {active.map((w) => (
              <option key={w.accountTypeId} value={w.accountTypeId}>
                {w.vendorName}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="wallet-form__direction">
          <legend className="field__label">{t('wallet.direction')}</legend>
          <label>
            <input
              type="radio"
              name={`${id}-direction`}
              checked={direction === 'toVendor'}
              onChange={() => {
                setDirection('toVendor');
                edited();
              }}
            />{' '}
            {t('wallet.toGame')}
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-direction`}
              checked={direction === 'toMain'}
              onChange={() => {
                setDirection('toMain');
                edited();
              }}
            />{' '}
            {t('wallet.toMain')}
          </label>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            {t('wallet.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              edited();
            }}
          />
        </div>
        <div className="wallet-form__actions">
          <button type="submit" className="button button--primary" disabled={transfer.isPending}>
            {t('wallet.transfer')}
          </button>
          <button type="button" className="button" onClick={sweepAll} disabled={sweep.isPending}>
            {t('wallet.allToMain')}
          </button>
        </div>
      </form>
      <StatusLine status={status} />
    </>
  );
}

/** transferFund (my wallet): main and vendor wallets, transfers between them, refresh. */
export function TransferFundPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const funds = useConsolidatedFunds();
  if (funds.isPending) return <Spinner />;
  if (!funds.data)
    return (
      <p className="wallet-note" role="alert">
        {errorText(funds.error)}
      </p>
    );
  return (
    <div className="wallet-page" data-testid="transfer-fund">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('wallet.title')}</h3>
        <button
          type="button"
          className="button button--small"
          onClick={() => void funds.refetch()}
          disabled={funds.isFetching}
        >
          {t('wallet.refresh')}
        </button>
      </div>
      <WalletCards funds={funds.data} />
      {funds.data.isSingle ? (
        <p className="wallet-note" data-testid="wallet-single">
          {t('wallet.singleMode')}
        </p>
      ) : (
        <TransferForm funds={funds.data} />
      )}
    </div>
  );
}
