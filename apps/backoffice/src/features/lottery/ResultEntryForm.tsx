import type { AdminNumero, LotteryFamily, ResultEntry, ResultEntryBody } from '@lotus/contracts/lottery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { boApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';
import { type PrizeSlot, prizeSlots, tierText } from './lottery-shared.tsx';

/** The index of the first prize that does not fit its slot (digits only, the slot's width), or -1. */
export function firstInvalidPrize(slots: PrizeSlot[], numbers: string[]): number {
  return slots.findIndex((slot, i) => !new RegExp(`^[0-9]{${slot.width}}$`).test((numbers[i] ?? '').trim()));
}

/**
 * The official result of a VN numero, one field per prize in the table's order (special first),
 * checked like the API does (count, tier, width, digits only) before it is sent. The entry waits
 * for another operator's approval.
 */
export function ResultEntryForm({
  numero,
  family,
  onDone,
}: {
  numero: Pick<AdminNumero, 'id' | 'numero'>;
  family: LotteryFamily;
  onDone?: (entry: ResultEntry) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const slots = prizeSlots(family);
  const [numbers, setNumbers] = useState<string[]>(() => slots.map(() => ''));
  const [message, setMessage] = useState<ActionOutcome>(null);
  const enter = useMutation({
    mutationFn: (body: ResultEntryBody) =>
      boApi<ResultEntry>(`/bo/v1/lottery/numeros/${numero.id}/result`, { method: 'POST', body }),
    onSuccess: (entry) => {
      setMessage({ ok: true, text: t('lottery.resultEntered', { numero: numero.numero }) });
      void queryClient.invalidateQueries({ queryKey: ['lottery'] });
      onDone?.(entry);
    },
    onError: (error) => setMessage(failure(error)),
  });
  if (slots.length === 0) return <p>{t('lottery.noOfficialTable')}</p>;
  const counters = new Map<string, number>();
  const labels = slots.map((slot) => {
    const n = (counters.get(slot.tier) ?? 0) + 1;
    counters.set(slot.tier, n);
    const total = slots.filter((s) => s.tier === slot.tier).length;
    return total > 1 ? `${tierText(t, slot.tier)} ${n}` : tierText(t, slot.tier);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = firstInvalidPrize(slots, numbers);
    if (bad >= 0) {
      setMessage({
        ok: false,
        text: t('lottery.prizeInvalid', { prize: labels[bad], width: slots[bad]?.width }),
      });
      return;
    }
    enter.mutate({
      prizes: slots.map((slot, i) => ({ tier: slot.tier, number: (numbers[i] ?? '').trim() })),
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="bo-lottery-result-form" className="result-form">
      <p className="hint">
        {t('lottery.resultHint', { prizes: slots.length, operator: session.operator()?.username ?? '' })}
      </p>
      <div className="prize-grid">
        {slots.map((slot, i) => (
          <div className="field" key={`${slot.tier}-${labels[i]}`}>
            <label htmlFor={`prize-${numero.id}-${i}`}>
              {labels[i]} <small>({t('lottery.digits', { width: slot.width })})</small>
            </label>
            <input
              id={`prize-${numero.id}-${i}`}
              inputMode="numeric"
              maxLength={slot.width}
              size={slot.width + 1}
              value={numbers[i] ?? ''}
              onChange={(e) => setNumbers(numbers.map((v, j) => (j === i ? e.target.value : v)))}
            />
          </div>
        ))}
      </div>
      <ActionMessage message={message} />
      <button type="submit" disabled={enter.isPending}>
        {t('lottery.submitResult')}
      </button>
    </form>
  );
}
