import type {
  DepositBankAccountBody,
  DepositKind,
  DepositMethodBody,
  DepositMethodSettings,
  NewDepositMethodBody,
  OperatorDepositMethod,
  PaymentGatewayBody,
} from '@lotus/contracts/deposits';
import { DEPOSIT_KINDS } from '@lotus/contracts/deposits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { isPositiveAmount } from '../../lib/money.ts';

type Save =
  | { kind: 'newMethod'; body: NewDepositMethodBody }
  | { kind: 'method'; id: string; body: DepositMethodBody }
  | { kind: 'newAccount'; methodId: string; body: DepositBankAccountBody }
  | { kind: 'account'; id: string; body: DepositBankAccountBody }
  | { kind: 'gateway'; code: string; body: PaymentGatewayBody };

function kindText(t: (key: string) => string, kind: DepositKind): string {
  switch (kind) {
    case 'bank_transfer':
      return t('deposits.kind.bank_transfer');
    case 'gateway':
      return t('deposits.kind.gateway');
    case 'qr':
      return t('deposits.kind.qr');
  }
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** Reads the shared method fields; null when the limits are not positive amounts in order. */
function methodFields(data: FormData): DepositMethodBody | null {
  const minAmount = text(data, 'minAmount');
  const maxAmount = text(data, 'maxAmount');
  if (!isPositiveAmount(minAmount) || !isPositiveAmount(maxAmount)) return null;
  const gatewayId = text(data, 'gatewayId');
  return {
    name: text(data, 'name'),
    minAmount,
    maxAmount,
    enabled: data.get('enabled') === 'on',
    sortOrder: Number.parseInt(text(data, 'sortOrder') || '0', 10),
    gatewayId: gatewayId === '' ? null : gatewayId,
  };
}

function accountFields(data: FormData): DepositBankAccountBody {
  return {
    bankName: text(data, 'bankName'),
    accountName: text(data, 'accountName'),
    accountNumber: text(data, 'accountNumber').replace(/[\s-]/g, ''),
    enabled: data.get('enabled') === 'on',
    sortOrder: Number.parseInt(text(data, 'sortOrder') || '0', 10),
  };
}

/**
 * Deposit method settings (admins): each method's name, limits, enabled flag, order and gateway;
 * the receiving bank accounts of bank transfer methods; the payment gateways and their secrets
 * (write-only). Every change is audited by the server.
 */
export default function DepositSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ActionOutcome>(null);
  const settings = useQuery({
    queryKey: ['deposit-methods'],
    queryFn: () => boApi<DepositMethodSettings>('/bo/v1/deposit-methods'),
  });
  const save = useMutation({
    mutationFn: (change: Save) => {
      switch (change.kind) {
        case 'newMethod':
          return boApi('/bo/v1/deposit-methods', { method: 'POST', body: change.body });
        case 'method':
          return boApi(`/bo/v1/deposit-methods/${change.id}`, { method: 'PUT', body: change.body });
        case 'newAccount':
          return boApi(`/bo/v1/deposit-methods/${change.methodId}/bank-accounts`, {
            method: 'POST',
            body: change.body,
          });
        case 'account':
          return boApi(`/bo/v1/deposit-bank-accounts/${change.id}`, { method: 'PUT', body: change.body });
        case 'gateway':
          return boApi(`/bo/v1/payment-gateways/${change.code}`, { method: 'PUT', body: change.body });
      }
    },
    onSuccess: () => {
      setMessage({ ok: true, text: t('deposits.settings.saved') });
      void queryClient.invalidateQueries({ queryKey: ['deposit-methods'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const submitMethod = (id: string | null) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = methodFields(data);
    if (!fields) return setMessage({ ok: false, text: t('deposits.settings.limitsInvalid') });
    if (id) return save.mutate({ kind: 'method', id, body: fields });
    save.mutate({
      kind: 'newMethod',
      body: { ...fields, code: text(data, 'code'), kind: text(data, 'kind') as DepositKind },
    });
  };

  const submitAccount =
    (target: { id: string } | { methodId: string }) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const body = accountFields(new FormData(event.currentTarget));
      save.mutate(
        'id' in target
          ? { kind: 'account', id: target.id, body }
          : { kind: 'newAccount', methodId: target.methodId, body },
      );
    };

  const submitGateway = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate({
      kind: 'gateway',
      code: text(data, 'code'),
      body: {
        name: text(data, 'name'),
        kind: text(data, 'kind') === 'external' ? 'external' : 'demo',
        secret: String(data.get('secret') ?? ''),
        active: data.get('active') === 'on',
      },
    });
  };

  const gateways = settings.data?.gateways ?? [];
  const methodForm = (m: OperatorDepositMethod | null) => (
    <form
      className="filters"
      onSubmit={submitMethod(m?.id ?? null)}
      data-testid={`bo-method-form-${m?.id ?? 'new'}`}
    >
      {m ? null : (
        <>
          <div className="field">
            <label htmlFor="dm-code-new">{t('deposits.settings.code')}</label>
            <input id="dm-code-new" name="code" required maxLength={32} pattern="[A-Za-z0-9_-]+" />
          </div>
          <div className="field">
            <label htmlFor="dm-kind-new">{t('deposits.settings.kind')}</label>
            <select id="dm-kind-new" name="kind" defaultValue="bank_transfer">
              {DEPOSIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindText(t, k)}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor={`dm-name-${m?.id ?? 'new'}`}>{t('deposits.settings.name')}</label>
        <input
          id={`dm-name-${m?.id ?? 'new'}`}
          name="name"
          required
          maxLength={64}
          defaultValue={m?.name ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`dm-min-${m?.id ?? 'new'}`}>{t('deposits.settings.min')}</label>
        <input
          id={`dm-min-${m?.id ?? 'new'}`}
          name="minAmount"
          inputMode="decimal"
          defaultValue={m?.minAmount ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`dm-max-${m?.id ?? 'new'}`}>{t('deposits.settings.max')}</label>
        <input
          id={`dm-max-${m?.id ?? 'new'}`}
          name="maxAmount"
          inputMode="decimal"
          defaultValue={m?.maxAmount ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`dm-sort-${m?.id ?? 'new'}`}>{t('deposits.settings.sortOrder')}</label>
        <input
          id={`dm-sort-${m?.id ?? 'new'}`}
          name="sortOrder"
          type="number"
          min={0}
          max={10000}
          defaultValue={m?.sortOrder ?? 0}
        />
      </div>
      <div className="field">
        <label htmlFor={`dm-gateway-${m?.id ?? 'new'}`}>{t('deposits.settings.gateway')}</label>
        <select id={`dm-gateway-${m?.id ?? 'new'}`} name="gatewayId" defaultValue={m?.gatewayId ?? ''}>
          <option value="">{t('deposits.settings.noGateway')}</option>
          {gateways.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <label>
        <input type="checkbox" name="enabled" defaultChecked={m?.enabled ?? true} />{' '}
        {t('deposits.settings.enabled')}
      </label>
      <button type="submit" disabled={save.isPending}>
        {m ? t('deposits.settings.save') : t('deposits.settings.add')}
      </button>
    </form>
  );

  const accountForm = (
    key: string,
    target: { id: string } | { methodId: string },
    a?: DepositBankAccountBody,
  ) => (
    <form className="filters" onSubmit={submitAccount(target)}>
      <div className="field">
        <label htmlFor={`da-bank-${key}`}>{t('deposits.settings.bankName')}</label>
        <input
          id={`da-bank-${key}`}
          name="bankName"
          required
          maxLength={64}
          defaultValue={a?.bankName ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`da-name-${key}`}>{t('deposits.settings.accountName')}</label>
        <input
          id={`da-name-${key}`}
          name="accountName"
          required
          maxLength={64}
          defaultValue={a?.accountName ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`da-number-${key}`}>{t('deposits.settings.accountNumber')}</label>
        <input
          id={`da-number-${key}`}
          name="accountNumber"
          required
          inputMode="numeric"
          defaultValue={a?.accountNumber ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`da-sort-${key}`}>{t('deposits.settings.sortOrder')}</label>
        <input
          id={`da-sort-${key}`}
          name="sortOrder"
          type="number"
          min={0}
          max={10000}
          defaultValue={a?.sortOrder ?? 0}
        />
      </div>
      <label>
        <input type="checkbox" name="enabled" defaultChecked={a?.enabled ?? true} />{' '}
        {t('deposits.settings.enabled')}
      </label>
      <button type="submit" disabled={save.isPending}>
        {a ? t('deposits.settings.save') : t('deposits.settings.addAccount')}
      </button>
    </form>
  );

  return (
    <section aria-labelledby="deposit-settings-title" data-testid="bo-deposit-settings">
      <h1 id="deposit-settings-title">{t('deposits.settings.title')}</h1>
      <ActionMessage message={message} />
      <QueryState loading={settings.isPending} error={settings.error} />
      {settings.data ? (
        <>
          {settings.data.methods.map((m) => (
            <article key={m.id} aria-labelledby={`dm-title-${m.id}`}>
              <h2 id={`dm-title-${m.id}`}>
                {m.name}{' '}
                <small>
                  ({kindText(t, m.kind)}, {m.code})
                </small>
              </h2>
              {methodForm(m)}
              {m.kind === 'bank_transfer' ? (
                <>
                  <h3>{t('deposits.settings.accounts')}</h3>
                  {m.bankAccounts.map((a) => (
                    <div key={a.id}>{accountForm(a.id, { id: a.id }, a)}</div>
                  ))}
                  {accountForm(`new-${m.id}`, { methodId: m.id })}
                </>
              ) : null}
            </article>
          ))}
          <h2>{t('deposits.settings.newMethod')}</h2>
          {methodForm(null)}
          <h2>{t('deposits.settings.gateways')}</h2>
          <ul>
            {gateways.map((g) => (
              <li key={g.id}>
                {g.name} ({g.code}, {g.kind}) —{' '}
                {g.active ? t('deposits.settings.active') : t('deposits.settings.inactive')} —{' '}
                <code>{g.callbackPath}</code>
              </li>
            ))}
          </ul>
          <form className="filters" onSubmit={submitGateway}>
            <div className="field">
              <label htmlFor="gw-code">{t('deposits.settings.code')}</label>
              <input id="gw-code" name="code" required maxLength={32} pattern="[A-Za-z0-9_-]+" />
            </div>
            <div className="field">
              <label htmlFor="gw-name">{t('deposits.settings.name')}</label>
              <input id="gw-name" name="name" required maxLength={64} />
            </div>
            <div className="field">
              <label htmlFor="gw-kind">{t('deposits.settings.kind')}</label>
              <select id="gw-kind" name="kind" defaultValue="external">
                <option value="external">{t('deposits.settings.external')}</option>
                <option value="demo">{t('deposits.settings.demo')}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="gw-secret">{t('deposits.settings.secret')}</label>
              <input
                id="gw-secret"
                name="secret"
                type="password"
                autoComplete="off"
                required
                minLength={16}
                maxLength={256}
              />
            </div>
            <label>
              <input type="checkbox" name="active" defaultChecked /> {t('deposits.settings.active')}
            </label>
            <button type="submit" disabled={save.isPending}>
              {t('deposits.settings.saveGateway')}
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
