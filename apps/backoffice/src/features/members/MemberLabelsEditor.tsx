import { MEMBER_LABELS_MAX, type MemberLabels } from '@lotus/contracts/backoffice';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boApi } from '../../lib/api.ts';

/** "High roller, VIP" -> ["High roller", "VIP"]: the labels as typed, comma-separated, blanks dropped. */
export function parseLabels(text: string): string[] {
  return text
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

/**
 * A member's labels (shown to the member as memberLabel of member info): listed for every operator,
 * edited by customer service and admins (comma-separated, at most 10 of 20 characters; the server
 * checks and tidies them and answers what it kept).
 */
export function MemberLabelsEditor({
  memberId,
  labels,
  canEdit,
  onSaved,
}: {
  memberId: string;
  labels: readonly string[];
  canEdit: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(labels.join(', '));
  const save = useMutation({
    mutationFn: (next: string[]) =>
      boApi<MemberLabels>(`/bo/v1/members/${memberId}/labels`, { method: 'PUT', body: { labels: next } }),
    onSuccess: (kept) => {
      setText(kept.labels.join(', '));
      onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(parseLabels(text));
  };
  return (
    <div className="member-labels">
      <p data-testid="member-labels">
        {t('member.labels')}: {labels.length > 0 ? labels.join(', ') : t('member.noLabels')}
      </p>
      {canEdit ? (
        <form className="toolbar" onSubmit={submit}>
          <label htmlFor={id}>{t('member.editLabels', { max: MEMBER_LABELS_MAX })}</label>
          <input id={id} value={text} maxLength={250} onChange={(e) => setText(e.target.value)} />
          <button type="submit" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </form>
      ) : null}
      {save.error ? (
        <p role="alert" className="error">
          {save.error.message}
        </p>
      ) : null}
      {save.isSuccess ? <p role="status">{t('common.saved')}</p> : null}
    </div>
  );
}
