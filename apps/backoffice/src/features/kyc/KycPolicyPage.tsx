import {
  DOCUMENT_KINDS,
  type DocumentKind,
  KYC_STATES,
  type KycAllowance,
  type KycPolicy,
  type KycState,
} from '@lotus/contracts/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { documentKindText, kycStateText } from '../../lib/kyc-labels.ts';
import { isPositiveAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** A state's row of the form; null when a cap is neither empty nor a positive amount. */
function allowanceOf(data: FormData, state: KycState): KycAllowance | null {
  const depositMax = text(data, `${state}.depositMax`);
  const withdrawMax = text(data, `${state}.withdrawMax`);
  if ((depositMax && !isPositiveAmount(depositMax)) || (withdrawMax && !isPositiveAmount(withdrawMax)))
    return null;
  return {
    deposit: data.get(`${state}.deposit`) === 'on',
    depositMax: depositMax || null,
    play: data.get(`${state}.play`) === 'on',
    withdraw: data.get(`${state}.withdraw`) === 'on',
    withdrawMax: withdrawMax || null,
  };
}

/**
 * The brand's KYC policy (admin edits, every role reads): the minimum age at registration (18 or
 * 21), the documents needed for approval, and what each KYC state may do: deposit, play, withdraw,
 * each with an optional cap above which approval is needed. Members see these requirements in the
 * member centre before they matter.
 */
export default function KycPolicyPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const editable = canAct(role, []);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const policy = useQuery({ queryKey: ['kyc-policy'], queryFn: () => boApi<KycPolicy>('/bo/v1/kyc/policy') });
  const save = useMutation({
    mutationFn: (body: KycPolicy) => boApi<KycPolicy>('/bo/v1/kyc/policy', { method: 'PUT', body }),
    onSuccess: (value) => {
      queryClient.setQueryData(['kyc-policy'], value);
      setMessage({ ok: true, text: t('kycPolicy.saved') });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const states = {} as KycPolicy['states'];
    for (const state of KYC_STATES) {
      const allowance = allowanceOf(data, state);
      if (!allowance) {
        setMessage({ ok: false, text: t('kycPolicy.amountInvalid') });
        return;
      }
      states[state] = allowance;
    }
    const requiredDocuments = DOCUMENT_KINDS.filter(
      (k) => data.get(`required.${k}`) === 'on',
    ) as DocumentKind[];
    if (requiredDocuments.length === 0) {
      setMessage({ ok: false, text: t('kycPolicy.documentsRequired') });
      return;
    }
    save.mutate({ minimumAge: text(data, 'minimumAge') === '21' ? 21 : 18, requiredDocuments, states });
  };

  const value = policy.data;
  return (
    <section aria-labelledby="kyc-policy-title" data-testid="bo-kyc-policy">
      <h1 id="kyc-policy-title">{t('kycPolicy.title')}</h1>
      <QueryState loading={policy.isPending} error={policy.error} />
      <ActionMessage message={message} />
      {value ? (
        <form onSubmit={submit} className="card">
          {/* A fieldset grows to its content's width by default: the table scrolls inside it instead. */}
          <fieldset
            disabled={!editable || save.isPending}
            style={{ minWidth: 0, border: 0, margin: 0, padding: 0 }}
          >
            <div className="field">
              <label htmlFor="kyc-minimum-age">{t('kycPolicy.minimumAge')}</label>
              <select id="kyc-minimum-age" name="minimumAge" defaultValue={String(value.minimumAge)}>
                <option value="18">18</option>
                <option value="21">21</option>
              </select>
            </div>
            <fieldset>
              <legend>{t('kycPolicy.requiredDocuments')}</legend>
              {DOCUMENT_KINDS.map((kind) => (
                <label key={kind} className="check">
                  <input
                    type="checkbox"
                    name={`required.${kind}`}
                    defaultChecked={value.requiredDocuments.includes(kind)}
                  />{' '}
                  {documentKindText(t, kind)}
                </label>
              ))}
            </fieldset>
            <div className="table-scroll">
              <table className="table">
                <caption>{t('kycPolicy.statesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('kycPolicy.state')}</th>
                    <th scope="col">{t('kycPolicy.deposit')}</th>
                    <th scope="col">{t('kycPolicy.depositMax')}</th>
                    <th scope="col">{t('kycPolicy.play')}</th>
                    <th scope="col">{t('kycPolicy.withdraw')}</th>
                    <th scope="col">{t('kycPolicy.withdrawMax')}</th>
                  </tr>
                </thead>
                <tbody>
                  {KYC_STATES.map((state) => {
                    const a = value.states[state];
                    const label = kycStateText(t, state);
                    return (
                      <tr key={state}>
                        <th scope="row">{label}</th>
                        <td>
                          <input
                            type="checkbox"
                            name={`${state}.deposit`}
                            defaultChecked={a.deposit}
                            aria-label={`${label}: ${t('kycPolicy.deposit')}`}
                          />
                        </td>
                        <td>
                          <input
                            name={`${state}.depositMax`}
                            defaultValue={a.depositMax ?? ''}
                            inputMode="decimal"
                            size={10}
                            aria-label={`${label}: ${t('kycPolicy.depositMax')}`}
                          />
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            name={`${state}.play`}
                            defaultChecked={a.play}
                            aria-label={`${label}: ${t('kycPolicy.play')}`}
                          />
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            name={`${state}.withdraw`}
                            defaultChecked={a.withdraw}
                            aria-label={`${label}: ${t('kycPolicy.withdraw')}`}
                          />
                        </td>
                        <td>
                          <input
                            name={`${state}.withdrawMax`}
                            defaultValue={a.withdrawMax ?? ''}
                            inputMode="decimal"
                            size={10}
                            aria-label={`${label}: ${t('kycPolicy.withdrawMax')}`}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p>{t('kycPolicy.capHint')}</p>
            {editable ? <button type="submit">{t('kycPolicy.save')}</button> : null}
          </fieldset>
        </form>
      ) : null}
    </section>
  );
}
