import { DOCUMENT_STATUSES, type DocumentStatus, type OperatorKycDocument } from '@lotus/contracts/kyc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { KycDocumentImage } from '../../components/KycDocumentImage.tsx';
import { QueuePage, type QueueRowProps } from '../../components/QueuePage.tsx';
import { documentKindText, documentStatusText, kycStateText } from '../../lib/kyc-labels.ts';

type Filters = { status: DocumentStatus | '' };
type Action = {
  kind: 'review';
  decision: 'approve' | 'reject' | 'reject_final' | 'hold';
  reason: string;
  note: string;
};

/**
 * The KYC review queue (issue 25): the brand's documents, pending oldest first; cs and admin look
 * at each image and approve, reject with a reason (the member may upload again), reject for good
 * or hold it, with a note for colleagues. The member's state follows on the server.
 */
export default function KycQueuePage() {
  const { t } = useTranslation();
  const initialFilters: Filters = { status: 'pending' };
  return (
    <QueuePage<OperatorKycDocument, Filters, Action>
      name="kyc"
      title={t('kyc.title')}
      path="/bo/v1/kyc/documents"
      initialFilters={initialFilters}
      readFilters={(data) => ({ status: String(data.get('status') ?? '') as Filters['status'] })}
      filterFields={
        <ChoiceFilter
          name="status"
          id="kyc-status"
          label={t('kyc.filterStatus')}
          allLabel={t('kyc.all')}
          values={DOCUMENT_STATUSES}
          text={(s) => documentStatusText(t, s)}
          initial={initialFilters.status}
        />
      }
      searchLabel={t('kyc.search')}
      emptyText={t('kyc.empty')}
      columns={[
        t('kyc.id'),
        t('kyc.member'),
        t('kyc.kindColumn'),
        t('kyc.document'),
        t('kyc.created'),
        t('kyc.statusColumn'),
        t('kyc.actions'),
      ]}
      doneText={(d) => t('kyc.done', { id: d.id, status: documentStatusText(t, d.status) })}
      reject={{ idPrefix: 'kyc', label: t('kyc.reason'), button: t('kyc.reject'), maxLength: 500 }}
      actRoles={['cs']}
      row={Row}
    />
  );
}

function Row({ item: d, mayAct, busy, act }: QueueRowProps<OperatorKycDocument, Action>) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const open = mayAct && (d.status === 'pending' || d.status === 'on_hold');
  const decide = (decision: Action['decision']) =>
    act({ kind: 'review', decision, reason: reason.trim(), note: note.trim() });
  return (
    <tr data-testid={`bo-kyc-${d.id}`}>
      <td>{d.id}</td>
      <td>
        <Link to={`/members/${d.memberId}`}>{d.username}</Link>
        <div>{kycStateText(t, d.memberState)}</div>
      </td>
      <td>{documentKindText(t, d.kind)}</td>
      <td>
        <button type="button" className="link" onClick={() => setShow((v) => !v)} aria-expanded={show}>
          {show ? t('kyc.hide') : t('kyc.view')}
        </button>
        {show ? <KycDocumentImage id={d.id} /> : null}
      </td>
      <td>{new Date(d.createdAt).toLocaleString()}</td>
      <td>
        {documentStatusText(t, d.status)}
        {d.reason ? <div>{d.reason}</div> : null}
        {d.note ? <div className="muted">{d.note}</div> : null}
      </td>
      <td>
        {open ? (
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => decide('approve')}>
              {t('kyc.approve')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => decide('hold')}>
              {t('kyc.hold')}
            </button>
            <label className="visually-hidden" htmlFor={`kyc-reason-${d.id}`}>
              {t('kyc.reason')}
            </label>
            <input
              id={`kyc-reason-${d.id}`}
              value={reason}
              maxLength={500}
              placeholder={t('kyc.reason')}
              onChange={(e) => setReason(e.target.value)}
            />
            <button
              type="button"
              className="secondary"
              disabled={busy || reason.trim() === ''}
              onClick={() => decide('reject')}
            >
              {t('kyc.reject')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy || reason.trim() === ''}
              onClick={() => decide('reject_final')}
            >
              {t('kyc.rejectFinal')}
            </button>
            <label className="visually-hidden" htmlFor={`kyc-note-${d.id}`}>
              {t('kyc.note')}
            </label>
            <input
              id={`kyc-note-${d.id}`}
              value={note}
              maxLength={2000}
              placeholder={t('kyc.note')}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        ) : null}
      </td>
    </tr>
  );
}
