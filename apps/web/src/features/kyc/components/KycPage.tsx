import { DOCUMENT_KINDS, type DocumentKind, type KycRequirement, type MemberKyc } from '@lotus/contracts/kyc';
import { IMAGE_UPLOAD_RULES, imageSizeAccepted } from '@lotus/contracts/uploads';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMemberKyc, useUploadDocument } from '../api/kyc.ts';
import './kyc.css';

type T = ReturnType<typeof useTranslation>['t'];

function stateLabel(t: T, state: MemberKyc['state']): string {
  switch (state) {
    case 'pending':
      return t('kyc.state.pending');
    case 'approved':
      return t('kyc.state.approved');
    case 'rejected_retry':
      return t('kyc.state.rejected_retry');
    case 'rejected_final':
      return t('kyc.state.rejected_final');
    case 'on_hold':
      return t('kyc.state.on_hold');
    default:
      return t('kyc.state.none');
  }
}

function kindLabel(t: T, kind: DocumentKind): string {
  switch (kind) {
    case 'address':
      return t('kyc.kind.address');
    case 'payment_method':
      return t('kyc.kind.payment_method');
    default:
      return t('kyc.kind.identity');
  }
}

function documentStatusLabel(t: T, status: MemberKyc['documents'][number]['status']): string {
  switch (status) {
    case 'approved':
      return t('kyc.documentStatus.approved');
    case 'rejected':
      return t('kyc.documentStatus.rejected');
    case 'rejected_final':
      return t('kyc.documentStatus.rejected_final');
    case 'on_hold':
      return t('kyc.documentStatus.on_hold');
    default:
      return t('kyc.documentStatus.pending');
  }
}

function requirementText(t: T, r: KycRequirement): string {
  if (r.action === 'play') return t('kyc.need.play');
  if (r.action === 'deposit') {
    return r.above === null ? t('kyc.need.deposit') : t('kyc.need.depositAbove', { amount: r.above });
  }
  return r.above === null ? t('kyc.need.withdraw') : t('kyc.need.withdrawAbove', { amount: r.above });
}

/**
 * Member-centre verification (issue 25): the state, what the brand's policy asks of it and why
 * (before a deposit or a game, never first at a withdrawal), the upload of a document image and the
 * documents with their review.
 */
export function KycPage() {
  const { t } = useTranslation();
  const id = useId();
  const kyc = useMemberKyc();
  const upload = useUploadDocument();
  const [status, setStatus] = useState<Status>(null);
  const [file, setFile] = useState<File | null>(null);

  if (kyc.isPending) return <Spinner />;
  if (kyc.isError) return <QueryError error={kyc.error} onRetry={() => void kyc.refetch()} />;
  const data = kyc.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const kind = String(new FormData(form).get('kind') ?? 'identity') as DocumentKind;
    if (!file || file.size === 0) {
      setStatus({ ok: false, text: t('kyc.fileRequired') });
      return;
    }
    if (!imageSizeAccepted(file.size)) {
      setStatus({ ok: false, text: t('kyc.fileTooLarge') });
      return;
    }
    setStatus(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          form.reset();
          setFile(null);
          setStatus({ ok: true, text: t('kyc.uploaded') });
        },
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };

  return (
    <div className="kyc-page" data-testid="kyc-page">
      <p className="kyc-page__state">
        {t('kyc.stateLabel')} <strong data-testid="kyc-state">{stateLabel(t, data.state)}</strong>
      </p>
      {data.requirements.length > 0 ? (
        <section aria-labelledby={`${id}-needs`}>
          <h3 id={`${id}-needs`} className="kyc-page__heading">
            {t('kyc.needsTitle')}
          </h3>
          <ul className="kyc-page__list" data-testid="kyc-requirements">
            {data.requirements.map((r) => (
              <li key={`${r.action}-${r.above ?? ''}`}>{requirementText(t, r)}</li>
            ))}
          </ul>
          <p>
            {t('kyc.requiredDocuments', {
              documents: data.requiredDocuments.map((k) => kindLabel(t, k)).join(', '),
            })}
          </p>
        </section>
      ) : null}
      {data.canUpload ? (
        <form className="kyc-page__form" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-kind`}>
              {t('kyc.kindLabel')}
            </label>
            <select id={`${id}-kind`} name="kind" className="input" defaultValue="identity">
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel(t, kind)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-file`}>
              {t('kyc.fileLabel')}
            </label>
            <input
              id={`${id}-file`}
              name="document"
              type="file"
              className="input"
              accept={IMAGE_UPLOAD_RULES.types.join(',')}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              aria-describedby={`${id}-file-hint`}
            />
            <p id={`${id}-file-hint`} className="field__hint">
              {t('kyc.fileHint')}
            </p>
          </div>
          <button type="submit" className="button button--primary" disabled={upload.isPending}>
            {t('kyc.upload')}
          </button>
          <StatusLine status={status} />
        </form>
      ) : (
        <p role="note">{t('kyc.closed')}</p>
      )}
      <section aria-labelledby={`${id}-docs`}>
        <h3 id={`${id}-docs`} className="kyc-page__heading">
          {t('kyc.documentsTitle')}
        </h3>
        {data.documents.length === 0 ? (
          <p>{t('kyc.noDocuments')}</p>
        ) : (
          <ul className="kyc-page__docs" data-testid="kyc-documents">
            {data.documents.map((d) => (
              <li key={d.id} className="kyc-page__doc">
                <span>{kindLabel(t, d.kind)}</span>
                <span>{documentStatusLabel(t, d.status)}</span>
                <span>{formatDateTime(d.createdAt)}</span>
                {d.reason ? (
                  <span className="kyc-page__reason">{t('kyc.reason', { reason: d.reason })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
