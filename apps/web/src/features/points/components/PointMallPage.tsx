import type { ExchangeStatus, PointProduct, PointType } from '@lotus/contracts/points';
import { type FormEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { defaultDialCode } from '../../../lib/country.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { allowMemberAction } from '../../../lib/member-action.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import {
  useConvert,
  useExchangeRecords,
  usePointBalance,
  usePointConfig,
  usePointProducts,
  usePointTransactions,
  useRedeem,
} from '../api/points.ts';
import './points.css';

const signedInNow = () => !!getSession().token;

export function exchangeStatusText(t: (key: string) => string, status: ExchangeStatus): string {
  switch (status) {
    case 'applying':
      return t('points.status.applying');
    case 'passed':
      return t('points.status.passed');
    case 'rejected':
      return t('points.status.rejected');
  }
}

function pointTypeText(t: (key: string) => string, type: PointType): string {
  switch (type) {
    case 'live':
      return t('points.type.live');
    case 'sports':
      return t('points.type.sports');
    case 'rng':
      return t('points.type.rng');
    case 'fish':
      return t('points.type.fish');
    case 'pvp':
      return t('points.type.pvp');
    case 'lottery':
      return t('points.type.lottery');
    case 'deposit':
      return t('points.type.deposit');
    case 'promotion':
      return t('points.type.promotion');
    case 'redeem':
      return t('points.type.redeem');
    case 'return':
      return t('points.type.return');
    case 'convert':
      return t('points.type.convert');
  }
}

/**
 * /pointMall (spec §2, §3, §5): the member's points, the mall's products (physical and cash) with
 * their stock, redeeming with the funds password, a delivery address and a valid phone, converting
 * points to money, the exchange records and the points transaction details.
 */
export function PointMallPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const balance = usePointBalance(signedIn);
  const products = usePointProducts(signedIn);
  const [chosen, setChosen] = useState<PointProduct | null>(null);

  return (
    <section className="page point-mall" aria-labelledby="mall-title" data-testid="point-mall">
      <h1 id="mall-title" className="page__title">
        {t('pointMall.title')}
      </h1>
      <p className="page__lead">{t('pointMall.lead')}</p>
      {!signedIn ? (
        <EmptyState title={t('points.signInTitle')} icon={<GiftIcon />}>
          <button type="button" className="button button--primary" onClick={() => allowMemberAction()}>
            {t('points.signIn')}
          </button>
        </EmptyState>
      ) : (
        <>
          <p className="point-mall__balance" data-testid="point-balance">
            {t('points.balance', { points: balance.data?.pointBalance ?? '…' })}
          </p>
          {products.isPending ? <Spinner /> : null}
          {products.isError ? (
            <QueryError error={products.error} onRetry={() => void products.refetch()} />
          ) : null}
          {products.data && products.data.items.length === 0 ? (
            <EmptyState title={t('points.noProducts')} icon={<GiftIcon />} />
          ) : null}
          {products.data ? (
            <ul className="point-mall__products">
              {products.data.items.map((p) => (
                <li key={p.id} className="point-card" data-testid={`point-product-${p.id}`}>
                  {p.imageUrl ? (
                    <img className="point-card__image" src={p.imageUrl} alt="" loading="lazy" />
                  ) : null}
                  <h2 className="point-card__name">{p.name}</h2>
                  {p.description ? <p className="point-card__text">{p.description}</p> : null}
                  <p className="point-card__points">{t('points.cost', { points: p.points })}</p>
                  <p className="point-card__text">
                    {p.stock > 0 ? t('points.stockLeft', { n: p.stock }) : t('points.outOfStock')}
                  </p>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={p.stock === 0}
                    onClick={() => setChosen(p)}
                    data-testid={`point-redeem-${p.id}`}
                  >
                    {t('points.redeem')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {chosen ? <RedeemForm product={chosen} onClose={() => setChosen(null)} /> : null}
          <ConvertForm />
          <ExchangeRecords />
          <PointTransactions />
        </>
      )}
    </section>
  );
}

function RedeemForm({ product, onClose }: { product: PointProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const redeem = useRedeem();
  const requestId = useRef(crypto.randomUUID());
  const [status, setStatus] = useState<Status>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const address = String(data.get('address') ?? '').trim();
    const mobileNum = String(data.get('mobileNum') ?? '').trim();
    const countryDialingCode = String(data.get('countryDialingCode') ?? '')
      .trim()
      .replace(/^\+/, '');
    const fundsPassword = String(data.get('fundsPassword') ?? '');
    const quantity = Number.parseInt(String(data.get('quantity') ?? '1'), 10);
    if (address.length < 5) return setStatus({ ok: false, text: t('points.addressRequired') });
    if (!/^\+?[0-9 -]{4,20}$/.test(mobileNum) || !/^\d{1,4}$/.test(countryDialingCode)) {
      return setStatus({ ok: false, text: t('points.phoneInvalid') });
    }
    if (!fundsPassword) return setStatus({ ok: false, text: t('points.fundsPasswordRequired') });
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      return setStatus({ ok: false, text: t('points.quantityInvalid') });
    }
    redeem.mutate(
      {
        productId: product.id,
        quantity,
        address,
        mobileNum,
        countryDialingCode,
        fundsPassword,
        clientRequestId: requestId.current,
      },
      {
        onSuccess: () => {
          requestId.current = crypto.randomUUID();
          form.reset();
          setStatus({ ok: true, text: t('points.redeemed') });
        },
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };

  return (
    <section className="point-mall__section" aria-labelledby={`${id}-title`} data-testid="point-redeem-form">
      <h2 id={`${id}-title`} className="point-mall__heading">
        {t('points.redeemTitle', { name: product.name })}
      </h2>
      <form className="point-mall__form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-q`}
          name="quantity"
          label={t('points.quantity')}
          inputMode="numeric"
          defaultValue="1"
        />
        <TextField id={`${id}-a`} name="address" label={t('points.address')} maxLength={300} />
        <TextField
          id={`${id}-c`}
          name="countryDialingCode"
          label={t('points.dialCode')}
          inputMode="numeric"
          maxLength={5}
          defaultValue={defaultDialCode([])}
        />
        <TextField
          id={`${id}-m`}
          name="mobileNum"
          type="tel"
          label={t('points.phone')}
          hint={t('points.phoneHint')}
          maxLength={20}
        />
        <TextField id={`${id}-p`} name="fundsPassword" type="password" label={t('points.fundsPassword')} />
        <div className="point-mall__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={redeem.isPending}
            data-testid="point-redeem-submit"
          >
            {t('points.confirmRedeem')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('points.close')}
          </button>
        </div>
      </form>
      <StatusLine status={status} />
    </section>
  );
}

function ConvertForm() {
  const { t } = useTranslation();
  const id = useId();
  const config = usePointConfig(true);
  const convert = useConvert();
  const requestId = useRef(crypto.randomUUID());
  const [status, setStatus] = useState<Status>(null);
  if (!config.data || config.data.convertAmount === '0.00') return null;
  const rate = config.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const points = String(data.get('points') ?? '').trim();
    const fundsPassword = String(data.get('fundsPassword') ?? '');
    if (!/^[1-9]\d{0,17}$/.test(points)) return setStatus({ ok: false, text: t('points.pointsInvalid') });
    if (!fundsPassword) return setStatus({ ok: false, text: t('points.fundsPasswordRequired') });
    convert.mutate(
      { points, fundsPassword, clientRequestId: requestId.current },
      {
        onSuccess: (result) => {
          requestId.current = crypto.randomUUID();
          form.reset();
          setStatus({ ok: true, text: t('points.converted', { amount: result.amount }) });
        },
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };

  return (
    <section className="point-mall__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="point-mall__heading">
        {t('points.convertTitle')}
      </h2>
      <p className="point-card__text">
        {t('points.convertRate', {
          points: rate.convertPoints,
          amount: rate.convertAmount,
          min: rate.minConvertPoints,
        })}
      </p>
      <form className="point-mall__form" onSubmit={submit} noValidate>
        <TextField id={`${id}-n`} name="points" label={t('points.pointsToConvert')} inputMode="numeric" />
        <TextField id={`${id}-p`} name="fundsPassword" type="password" label={t('points.fundsPassword')} />
        <button type="submit" className="button button--primary" disabled={convert.isPending}>
          {t('points.convert')}
        </button>
      </form>
      <StatusLine status={status} />
    </section>
  );
}

function ExchangeRecords() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useExchangeRecords(true, page);
  return (
    <section
      className="point-mall__section"
      aria-labelledby="point-records-title"
      data-testid="point-records"
    >
      <h2 id="point-records-title" className="point-mall__heading">
        {t('points.recordsTitle')}
      </h2>
      {records.isError ? <QueryError error={records.error} onRetry={() => void records.refetch()} /> : null}
      {records.data && records.data.items.length === 0 ? <p>{t('points.noRecords')}</p> : null}
      <ul className="point-mall__list">
        {records.data?.items.map((r) => (
          <li key={r.transactionNo} className="point-row" data-testid={`point-record-${r.transactionNo}`}>
            <span className="point-row__main">
              {r.productName} × {r.quantity}
            </span>
            <span>{t('points.cost', { points: r.requiredPoints })}</span>
            <span>{exchangeStatusText(t, r.status)}</span>
            <span className="point-row__meta">
              {t('points.transactionNo', { id: r.transactionNo })} · {new Date(r.applyTime).toLocaleString()}{' '}
              · {r.exchangeType === 'cash' ? t('points.cashType') : t('points.physicalType')}
              {r.reason ? ` · ${r.reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {records.data ? (
        <Pagination
          page={page}
          pageCount={Math.ceil(records.data.total / records.data.size)}
          onChange={setPage}
          label={t('points.recordsTitle')}
        />
      ) : null}
    </section>
  );
}

function PointTransactions() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const tx = usePointTransactions(true, page);
  return (
    <section className="point-mall__section" aria-labelledby="point-tx-title">
      <h2 id="point-tx-title" className="point-mall__heading">
        {t('points.transactionsTitle')}
      </h2>
      {tx.isError ? <QueryError error={tx.error} onRetry={() => void tx.refetch()} /> : null}
      {tx.data && tx.data.items.length === 0 ? <p>{t('points.noTransactions')}</p> : null}
      <ul className="point-mall__list">
        {tx.data?.items.map((r) => (
          <li key={r.id} className="point-row">
            <span className="point-row__main">{pointTypeText(t, r.pointType)}</span>
            <span>{r.points.startsWith('-') ? r.points : `+${r.points}`}</span>
            <span>{t('points.after', { points: r.balanceAfter })}</span>
            <span className="point-row__meta">{new Date(r.time).toLocaleString()}</span>
          </li>
        ))}
      </ul>
      {tx.data ? (
        <Pagination
          page={page}
          pageCount={Math.ceil(tx.data.total / tx.data.size)}
          onChange={setPage}
          label={t('points.transactionsTitle')}
        />
      ) : null}
    </section>
  );
}
