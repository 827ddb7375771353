import { parseAmount } from '@lotus/contracts/money';
import type {
  BankCard,
  MemberWithdrawSettings,
  Withdrawal,
  WithdrawalStatus,
} from '@lotus/contracts/withdrawals';
import { BANK_CARD_RULES, checkWithdrawAmount, PROOF_IMAGE_RULES } from '@lotus/contracts/withdrawals';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Field, hintId, TextField } from '../../../components/ui/Field.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { ApiError, errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useMemberInfo } from '../../../lib/member-data.ts';
import { formatBalance } from '../../../lib/money.ts';
import {
  useAddBankCard,
  useBankCards,
  useConfirmWithdrawal,
  useRemoveBankCard,
  useRequestWithdrawal,
  useWithdrawalSettings,
  useWithdrawals,
  type WithdrawalInput,
} from '../api/withdrawals.ts';
import './withdrawals.css';

type Props = { openPage?: (page: 'securityCenter') => void };

/** The member-centre page `withdraw` (spec §4): bank cards, the withdrawal form and the member's withdrawals. */
export function WithdrawalsPage({ openPage }: Props) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const settings = useWithdrawalSettings();
  const memberInfo = useMemberInfo();
  const cards = useBankCards();

  if (settings.isPending || cards.isPending) return <Spinner />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (cards.isError) return <QueryError error={cards.error} onRetry={() => void cards.refetch()} />;

  return (
    <div className="withdrawals-page" data-testid="withdraw-page">
      <h2 className="withdrawals-page__title">{t('withdrawals.title')}</h2>
      {memberInfo.data?.hasFundsPassword === false ? (
        <Notice>
          {t('withdrawals.setFundsPasswordFirst')}{' '}
          {openPage ? (
            <button type="button" className="link-button" onClick={() => openPage('securityCenter')}>
              {t('withdrawals.openSecurityCenter')}
            </button>
          ) : null}
        </Notice>
      ) : null}
      <BankCardsSection cards={cards.data.cards} maxCards={cards.data.maxCards} />
      <WithdrawalForm settings={settings.data} cards={cards.data.cards} />
      <WithdrawalList currencySymbol={settings.data.currencySymbol} />
    </div>
  );
}

function BankCardsSection({ cards, maxCards }: { cards: BankCard[]; maxCards: number }) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddBankCard();
  const remove = useRemoveBankCard();
  const [status, setStatus] = useState<Status>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      bankName: String(data.get('bankName') ?? '').trim(),
      accountHolderName: String(data.get('accountHolderName') ?? '').trim(),
      accountNumber: String(data.get('accountNumber') ?? '').replace(/[\s-]/g, ''),
      password: String(data.get('password') ?? '').trim(),
    };
    if (!input.password) {
      setStatus({ ok: false, text: t('password.required') });
      return;
    }
    if (
      !input.bankName ||
      !input.accountHolderName ||
      !new RegExp(BANK_CARD_RULES.accountNumberPattern).test(input.accountNumber)
    ) {
      setStatus({ ok: false, text: t('withdrawals.cardInvalid') });
      return;
    }
    add.mutate(input, {
      onSuccess: () => {
        form.reset();
        setStatus({ ok: true, text: t('withdrawals.cardAdded') });
      },
      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
    });
  };

  return (
    <section className="withdrawals-section" aria-labelledby={`${id}-cards`}>
      <h3 id={`${id}-cards`} className="withdrawals-section__title">
        {t('withdrawals.bankCards', { cards: cards.length, max: maxCards })}
      </h3>
      {cards.length === 0 ? (
        <p className="withdrawals-section__hint">{t('withdrawals.noCards')}</p>
      ) : (
        <ul className="bank-cards" data-testid="bank-cards">
          {cards.map((card) => (
            <li key={card.id} className="bank-card">
              <span className="bank-card__bank">{card.bankName}</span>
              <span>{card.accountHolderName}</span>
              <span className="bank-card__number">{card.accountNumber}</span>
              <button
                type="button"
                className="link-button"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(card.id, {
                    onError: (error) => setStatus({ ok: false, text: errorText(error) }),
                  })
                }
                aria-label={t('withdrawals.removeCard', { bank: card.bankName, number: card.accountNumber })}
              >
                {t('withdrawals.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {cards.length < maxCards ? (
        <form className="withdrawals-form" onSubmit={submit} noValidate data-testid="add-card-form">
          <TextField
            id={id}
            name="bankName"
            label={t('withdrawals.bankName')}
            maxLength={BANK_CARD_RULES.bankNameMax}
          />
          <TextField
            id={id}
            name="accountHolderName"
            label={t('withdrawals.accountHolderName')}
            maxLength={BANK_CARD_RULES.holderNameMax}
          />
          <TextField
            id={id}
            name="accountNumber"
            label={t('withdrawals.accountNumber')}
            inputMode="numeric"
          />
          <TextField
            id={id}
            name="password"
            label={t('member.loginPassword')}
            type="password"
            autoComplete="current-password"
          />
          <button type="submit" className="button button--ghost" disabled={add.isPending}>
            {t('withdrawals.addCard')}
          </button>
        </form>
      ) : null}
      <StatusLine status={status} />
    </section>
  );
}

/** The member's daily limits (VIP level's, else the brand's count) with today's use and what remains. */
function DailyLimits({ settings }: { settings: MemberWithdrawSettings }) {
  const { t } = useTranslation();
  const symbol = settings.currencySymbol;
  const money = (amount: string) => formatBalance(amount, symbol) ?? amount;
  const count =
    settings.dailyCountRemaining === null
      ? t('withdrawals.dailyCountUnlimited', { used: settings.dailyCountUsed })
      : t('withdrawals.dailyCountUsage', {
          used: settings.dailyCountUsed,
          limit: settings.dailyCountLimit,
          remaining: settings.dailyCountRemaining,
        });
  const amount =
    settings.dailyAmountRemaining === null
      ? t('withdrawals.dailyAmountUnlimited', { used: money(settings.dailyAmountUsed) })
      : t('withdrawals.dailyAmountUsage', {
          used: money(settings.dailyAmountUsed),
          limit: money(settings.dailyAmountLimit),
          remaining: money(settings.dailyAmountRemaining),
        });
  const reached =
    settings.dailyCountRemaining === 0 ||
    (settings.dailyAmountRemaining !== null &&
      (parseAmount(settings.dailyAmountRemaining, settings.currency) ?? 0n) === 0n);
  return (
    <>
      <dl className="withdrawals-limits" data-testid="withdraw-daily-limits">
        <div>
          <dt>{t('withdrawals.dailyCount')}</dt>
          <dd data-testid="withdraw-daily-count">{count}</dd>
        </div>
        <div>
          <dt>{t('withdrawals.dailyAmount')}</dt>
          <dd data-testid="withdraw-daily-amount">{amount}</dd>
        </div>
      </dl>
      {reached ? (
        <p className="withdrawals-section__hint" data-testid="withdraw-daily-reached">
          {t('withdrawals.dailyLimitReached')}
        </p>
      ) : null}
    </>
  );
}

function WithdrawalForm({ settings, cards }: { settings: MemberWithdrawSettings; cards: BankCard[] }) {
  const { t } = useTranslation();
  const id = useId();
  const request = useRequestWithdrawal();
  const [status, setStatus] = useState<Status>(null);
  // One id per submission: a double click or a retry of the same form makes one withdrawal.
  const requestId = useRef(crypto.randomUUID());
  // A request refused because a bonus is in wagering waits here for the member's confirmation.
  const [forfeitAsk, setForfeitAsk] = useState<{ input: WithdrawalInput; form: HTMLFormElement } | null>(
    null,
  );
  const symbol = settings.currencySymbol;
  const min = formatBalance(settings.minimumAmount, symbol) ?? settings.minimumAmount;
  const max = formatBalance(settings.maximumAmount, symbol) ?? settings.maximumAmount;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const bankCardId = String(data.get('bankCardId') ?? '');
    const fundsPassword = String(data.get('fundsPassword') ?? '');
    const checked = checkWithdrawAmount(amount, settings.currency, {
      minimum: parseAmount(settings.minimumAmount, settings.currency) ?? 0n,
      maximum: parseAmount(settings.maximumAmount, settings.currency) ?? 0n,
    });
    if (!checked.ok) {
      setStatus({
        ok: false,
        text:
          checked.reason === 'invalid'
            ? t('withdrawals.amountInvalid')
            : checked.reason === 'below_minimum'
              ? t('withdrawals.amountBelow', { min })
              : t('withdrawals.amountAbove', { max }),
      });
      return;
    }
    if (!bankCardId) {
      setStatus({ ok: false, text: t('withdrawals.chooseCard') });
      return;
    }
    if (!fundsPassword) {
      setStatus({ ok: false, text: t('withdrawals.fundsPasswordRequired') });
      return;
    }
    send({ amount, bankCardId, fundsPassword, clientRequestId: requestId.current }, form);
  };

  const send = (input: WithdrawalInput, form: HTMLFormElement) => {
    setForfeitAsk(null);
    request.mutate(input, {
      onSuccess: () => {
        requestId.current = crypto.randomUUID();
        form.reset();
        setStatus({ ok: true, text: t('withdrawals.requested') });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errorCode === 'bonus_wagering_active' && !input.forfeitBonus) {
          setForfeitAsk({ input, form });
        }
        setStatus({ ok: false, text: errorText(error) });
      },
    });
  };

  return (
    <section className="withdrawals-section" aria-labelledby={`${id}-form`}>
      <h3 id={`${id}-form`} className="withdrawals-section__title">
        {t('withdrawals.request')}
      </h3>
      <DailyLimits settings={settings} />
      <form className="withdrawals-form" onSubmit={submit} noValidate data-testid="withdraw-form">
        <Field id={`${id}-card`} label={t('withdrawals.toCard')}>
          <select id={`${id}-card`} name="bankCardId" className="input" defaultValue={cards[0]?.id ?? ''}>
            {cards.map((card) => (
              <option key={card.id} value={card.id}>
                {`${card.bankName} ${card.accountNumber}`}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id={id}
          name="amount"
          label={t('withdrawals.amount')}
          inputMode="decimal"
          hint={t('withdrawals.limits', { min, max })}
        />
        <TextField id={id} name="fundsPassword" type="password" label={t('withdrawals.fundsPassword')} />
        <button
          type="submit"
          className="button button--primary"
          disabled={request.isPending || cards.length === 0}
          data-testid="withdraw-submit"
        >
          {request.isPending ? t('withdrawals.submitting') : t('withdrawals.submit')}
        </button>
      </form>
      <StatusLine status={status} />
      {forfeitAsk ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={request.isPending}
          data-testid="withdraw-forfeit-bonus"
          onClick={() => send({ ...forfeitAsk.input, forfeitBonus: true }, forfeitAsk.form)}
        >
          {t('promotions.forfeitBonusAndWithdraw')}
        </button>
      ) : null}
    </section>
  );
}

function statusLabel(t: (key: string) => string, status: WithdrawalStatus): string {
  switch (status) {
    case 'pending':
      return t('withdrawals.statusPending');
    case 'approved':
      return t('withdrawals.statusApproved');
    case 'rejected':
      return t('withdrawals.statusRejected');
    case 'paid':
      return t('withdrawals.statusPaid');
    case 'received':
      return t('withdrawals.statusReceived');
    case 'disputed':
      return t('withdrawals.statusDisputed');
    case 'partial':
      return t('withdrawals.statusPartial');
    case 'refunded':
      return t('withdrawals.statusRefunded');
  }
}

function WithdrawalList({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);

  return (
    <section className="withdrawals-section" aria-labelledby={`${id}-list`}>
      <h3 id={`${id}-list`} className="withdrawals-section__title">
        {t('withdrawals.myWithdrawals')}
      </h3>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('withdrawals.none')} />
      ) : (
        <>
          <ul className="withdrawals" data-testid="withdrawals">
            {list.data.items.map((w) => (
              <WithdrawalItem key={w.id} withdrawal={w} currencySymbol={currencySymbol} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / list.data.size)}
            onChange={setPage}
            label={t('withdrawals.pages')}
          />
        </>
      )}
    </section>
  );
}

function WithdrawalItem({
  withdrawal: w,
  currencySymbol,
}: {
  withdrawal: Withdrawal;
  currencySymbol: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="withdrawal" data-testid={`withdrawal-${w.id}`} data-status={w.status}>
      <div className="withdrawal__row">
        <span className="withdrawal__amount">{formatBalance(w.amount, currencySymbol)}</span>
        <span>{`${w.bankName} ${w.accountNumber}`}</span>
        <time dateTime={new Date(w.createdAt).toISOString()}>{new Date(w.createdAt).toLocaleString()}</time>
        <span className={`withdrawal__status withdrawal__status--${w.status}`}>
          {statusLabel(t, w.status)}
        </span>
      </div>
      {w.rejectReason ? (
        <p className="withdrawal__note">{t('withdrawals.reason', { reason: w.rejectReason })}</p>
      ) : null}
      {w.receivedAmount !== null ? (
        <p className="withdrawal__note">
          {t('withdrawals.receivedAmountWas', { amount: formatBalance(w.receivedAmount, currencySymbol) })}
        </p>
      ) : null}
      {w.status === 'paid' ? <ConfirmActions withdrawal={w} /> : null}
    </li>
  );
}

type Mode = 'idle' | 'partial' | 'notReceived';

/** Spec §4: after payment the member answers received, partial amount, or not received with proof. */
export function ConfirmActions({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const id = useId();
  const confirm = useConfirmWithdrawal();
  const [mode, setMode] = useState<Mode>('idle');
  const [status, setStatus] = useState<Status>(null);
  const onError = (error: unknown) => setStatus({ ok: false, text: errorText(error) });

  const submitPartial = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const receivedAmount = String(new FormData(event.currentTarget).get('receivedAmount') ?? '').trim();
    if (!/^\d{1,19}(\.\d{1,2})?$/.test(receivedAmount)) {
      setStatus({ ok: false, text: t('withdrawals.amountInvalid') });
      return;
    }
    confirm.mutate({ kind: 'partial', id: withdrawal.id, receivedAmount }, { onError });
  };

  const submitNotReceived = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const image = data.get('image');
    if (!(image instanceof File) || image.size === 0) {
      setStatus({ ok: false, text: t('withdrawals.proofRequired') });
      return;
    }
    if (
      !(PROOF_IMAGE_RULES.types as readonly string[]).includes(image.type) ||
      image.size >= PROOF_IMAGE_RULES.maxBytes
    ) {
      setStatus({ ok: false, text: t('withdrawals.proofRule') });
      return;
    }
    confirm.mutate(
      { kind: 'notReceived', id: withdrawal.id, image, note: String(data.get('note') ?? '') },
      { onError },
    );
  };

  return (
    <div className="withdrawal__confirm">
      <p className="withdrawal__note">
        {withdrawal.autoReceiptAt
          ? t('withdrawals.confirmBefore', { time: new Date(withdrawal.autoReceiptAt).toLocaleString() })
          : t('withdrawals.confirmPrompt')}
      </p>
      <div className="withdrawal__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ kind: 'received', id: withdrawal.id }, { onError })}
          data-testid="confirm-received"
        >
          {t('withdrawals.received')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setMode('partial')}
        >
          {t('withdrawals.partial')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setMode('notReceived')}
        >
          {t('withdrawals.notReceived')}
        </button>
      </div>
      {mode === 'partial' ? (
        <form className="withdrawals-form" onSubmit={submitPartial} noValidate>
          <TextField
            id={id}
            name="receivedAmount"
            label={t('withdrawals.receivedAmount')}
            inputMode="decimal"
          />
          <button type="submit" className="button button--ghost button--small" disabled={confirm.isPending}>
            {t('withdrawals.send')}
          </button>
        </form>
      ) : null}
      {mode === 'notReceived' ? (
        <form className="withdrawals-form" onSubmit={submitNotReceived} noValidate>
          <Field id={`${id}-image`} label={t('withdrawals.proofImage')} hint={t('withdrawals.proofRule')}>
            <input
              id={`${id}-image`}
              name="image"
              type="file"
              accept="image/png,image/jpeg"
              className="input"
              aria-describedby={hintId(`${id}-image`)}
            />
          </Field>
          <TextField
            id={id}
            name="note"
            label={t('withdrawals.note')}
            maxLength={PROOF_IMAGE_RULES.noteMax}
          />
          <button type="submit" className="button button--ghost button--small" disabled={confirm.isPending}>
            {t('withdrawals.send')}
          </button>
        </form>
      ) : null}
      <StatusLine status={status} />
    </div>
  );
}
