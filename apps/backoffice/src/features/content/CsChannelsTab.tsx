import type { CsChannel } from '@lotus/contracts/content';
import { CS_TYPES, type CsType } from '@lotus/contracts/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EMPTY_TEXTS, TextsFields } from './TextsFields.tsx';

type Row = CsChannel & { on: boolean };

function rowsOf(channels: CsChannel[]): Row[] {
  return CS_TYPES.map((csType) => {
    const found = channels.find((c) => c.csType === csType);
    return found ? { ...found, on: true } : { csType, url: '', qrCodeUrl: '', label: EMPTY_TEXTS, on: false };
  });
}

/** The right bar's channels: live chat, WhatsApp, Telegram, and VIP service for members above rank 4. */
export function CsChannelsTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const stored = useQuery({
    queryKey: ['content', 'cs-channels'],
    queryFn: () => boApi<CsChannel[]>('/bo/v1/content/cs-channels'),
  });
  useEffect(() => {
    if (stored.data && rows === null) setRows(rowsOf(stored.data));
  }, [stored.data, rows]);
  const save = useMutation({
    mutationFn: (next: Row[]) =>
      boApi<CsChannel[]>('/bo/v1/content/cs-channels', {
        method: 'PUT',
        body: { channels: next.filter((r) => r.on).map(({ on: _on, ...channel }) => channel) },
      }),
    onSuccess: (saved) => {
      setRows(rowsOf(saved));
      setOutcome({ ok: true, text: t('content.saved') });
      void queryClient.invalidateQueries({ queryKey: ['content', 'cs-channels'] });
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const set = (csType: CsType, patch: Partial<Row>) =>
    setRows((current) => current?.map((r) => (r.csType === csType ? { ...r, ...patch } : r)) ?? current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rows) save.mutate(rows);
  };
  return (
    <form onSubmit={submit} aria-label={t('content.csForm')}>
      <ActionMessage message={outcome} />
      <QueryState loading={stored.isPending} error={stored.error} />
      {rows?.map((row) => (
        <fieldset key={row.csType} className="card" disabled={!mayEdit}>
          <legend>{t(`contentChannels.${row.csType}`)}</legend>
          <label>
            <input
              type="checkbox"
              checked={row.on}
              onChange={(e) => set(row.csType, { on: e.target.checked })}
            />{' '}
            {t('content.channelOn')}
          </label>
          {row.on && (
            <>
              <div className="field">
                <label htmlFor={`cs-url-${row.csType}`}>{t('content.channelUrl')}</label>
                <input
                  id={`cs-url-${row.csType}`}
                  required
                  maxLength={1000}
                  value={row.url}
                  onChange={(e) => set(row.csType, { url: e.target.value.trim() })}
                />
              </div>
              <div className="field">
                <label htmlFor={`cs-qr-${row.csType}`}>{t('content.channelQr')}</label>
                <input
                  id={`cs-qr-${row.csType}`}
                  maxLength={1000}
                  value={row.qrCodeUrl}
                  onChange={(e) => set(row.csType, { qrCodeUrl: e.target.value.trim() })}
                />
              </div>
              <TextsFields
                id={`cs-label-${row.csType}`}
                label={t('content.channelLabel')}
                value={row.label}
                maxLength={60}
                onChange={(label) => set(row.csType, { label })}
              />
            </>
          )}
        </fieldset>
      ))}
      <p className="hint">{t('content.channelHint')}</p>
      {mayEdit && rows && (
        <button type="submit" disabled={save.isPending}>
          {t('content.save')}
        </button>
      )}
    </form>
  );
}
