import { FOOTER_LINKS_MAX, type FooterLink } from '@lotus/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EMPTY_TEXTS, TextsFields } from './TextsFields.tsx';

/** The site footer's links in order: a key, a path of the site or an http(s) address, EN/MS/CN labels. */
export function FooterTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<FooterLink[] | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const stored = useQuery({
    queryKey: ['content', 'footer-links'],
    queryFn: () => boApi<FooterLink[]>('/bo/v1/content/footer-links'),
  });
  useEffect(() => {
    if (stored.data && rows === null) setRows(stored.data);
  }, [stored.data, rows]);
  const save = useMutation({
    mutationFn: (links: FooterLink[]) =>
      boApi<FooterLink[]>('/bo/v1/content/footer-links', { method: 'PUT', body: { links } }),
    onSuccess: (saved) => {
      setRows(saved);
      setOutcome({ ok: true, text: t('content.saved') });
      void queryClient.invalidateQueries({ queryKey: ['content', 'footer-links'] });
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const set = (index: number, patch: Partial<FooterLink>) =>
    setRows((current) => current?.map((r, i) => (i === index ? { ...r, ...patch } : r)) ?? current);
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      if (!current) return current;
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rows) save.mutate(rows);
  };
  return (
    <form onSubmit={submit} aria-label={t('content.footerForm')}>
      <ActionMessage message={outcome} />
      <QueryState loading={stored.isPending} error={stored.error} />
      {rows?.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, keys may be typed anew
        <fieldset key={index} className="card" disabled={!mayEdit} data-testid={`footer-link-${index}`}>
          <legend>{t('content.footerLink', { n: index + 1 })}</legend>
          <div className="field">
            <label htmlFor={`footer-key-${index}`}>{t('content.footerKey')}</label>
            <input
              id={`footer-key-${index}`}
              required
              maxLength={60}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              value={row.key}
              onChange={(e) => set(index, { key: e.target.value.trim() })}
            />
          </div>
          <div className="field">
            <label htmlFor={`footer-path-${index}`}>{t('content.link')}</label>
            <input
              id={`footer-path-${index}`}
              required
              maxLength={1000}
              value={row.path}
              onChange={(e) => set(index, { path: e.target.value.trim() })}
            />
          </div>
          <TextsFields
            id={`footer-label-${index}`}
            label={t('content.channelLabel')}
            value={row.label}
            maxLength={60}
            onChange={(label) => set(index, { label })}
          />
          {mayEdit && (
            <div className="toolbar">
              <button
                type="button"
                className="secondary"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                {t('content.moveUp')}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                {t('content.moveDown')}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => setRows((current) => current?.filter((_, i) => i !== index) ?? current)}
              >
                {t('content.delete')}
              </button>
            </div>
          )}
        </fieldset>
      ))}
      <p className="hint">{t('content.footerHint')}</p>
      {mayEdit && rows && (
        <div className="toolbar">
          <button
            type="button"
            className="secondary"
            disabled={rows.length >= FOOTER_LINKS_MAX}
            onClick={() => setRows([...rows, { key: '', path: '/help?page=', label: EMPTY_TEXTS }])}
          >
            {t('content.newFooterLink')}
          </button>
          <button type="submit" disabled={save.isPending}>
            {t('content.save')}
          </button>
        </div>
      )}
    </form>
  );
}
