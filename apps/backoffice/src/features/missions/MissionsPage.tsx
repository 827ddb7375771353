import type { OperatorRole } from '@lotus/contracts/backoffice';
import {
  MISSION_CATEGORIES,
  type MissionKind,
  type MissionPeriod,
  type NewMissionBody,
  type OperatorMission,
  type OperatorMissionPage,
} from '@lotus/contracts/missions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { PagedTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const EDITORS: OperatorRole[] = ['marketing'];

type T = ReturnType<typeof useTranslation>['t'];

function kindLabel(t: T, kind: MissionKind): string {
  if (kind === 'bet') return t('missions.kinds.bet');
  if (kind === 'deposit') return t('missions.kinds.deposit');
  return t('missions.kinds.loginDays');
}

function periodLabel(t: T, period: MissionPeriod): string {
  if (period === 'daily') return t('missions.periods.daily');
  if (period === 'weekly') return t('missions.periods.weekly');
  return t('missions.periods.once');
}

type Draft = {
  nameEn: string;
  nameMs: string;
  nameCn: string;
  descriptionEn: string;
  kind: MissionKind;
  category: string;
  period: MissionPeriod;
  target: string;
  reward: string;
};

const EMPTY: Draft = {
  nameEn: '',
  nameMs: '',
  nameCn: '',
  descriptionEn: '',
  kind: 'bet',
  category: '',
  period: 'daily',
  target: '',
  reward: '',
};

/** The request body of a draft: empty translations and category are left out. */
export function missionBody(draft: Draft): NewMissionBody {
  return {
    name: {
      en: draft.nameEn,
      ...(draft.nameMs.trim() ? { ms: draft.nameMs } : {}),
      ...(draft.nameCn.trim() ? { cn: draft.nameCn } : {}),
    },
    ...(draft.descriptionEn.trim() ? { description: { en: draft.descriptionEn } } : {}),
    kind: draft.kind,
    ...(draft.kind === 'bet' && draft.category
      ? { category: draft.category as NewMissionBody['category'] }
      : {}),
    period: draft.period,
    target: draft.target.trim(),
    reward: draft.reward.trim(),
  };
}

/** Missions: define daily, weekly and one-off missions with a money reward; turn them on and off. */
export default function MissionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayAct = canAct(session.operator()?.role ?? 'readonly', EDITORS);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: ['missions', page],
    queryFn: () => boApi<OperatorMissionPage>('/bo/v1/missions', { query: { page, size: 20 } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['missions'] });
  const create = useMutation({
    mutationFn: () => boApi<OperatorMission>('/bo/v1/missions', { method: 'POST', body: missionBody(draft) }),
    onSuccess: (mission) => {
      setDraft(EMPTY);
      setOutcome({ ok: true, text: t('missions.created', { name: mission.name.en }) });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const toggle = useMutation({
    mutationFn: (mission: OperatorMission) =>
      boApi(`/bo/v1/missions/${mission.id}/active`, { method: 'PUT', body: { active: !mission.active } }),
    onSuccess: () => void refresh(),
    onError: (error) => setOutcome(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <section aria-labelledby="missions-title">
      <h1 id="missions-title">{t('missions.title')}</h1>
      <ActionMessage message={outcome} />
      {mayAct && (
        <form className="card" onSubmit={submit} aria-label={t('missions.new')}>
          <h2>{t('missions.new')}</h2>
          <div className="field">
            <label htmlFor="mission-name-en">{t('missions.nameEn')}</label>
            <input id="mission-name-en" required maxLength={80} {...field('nameEn')} />
          </div>
          <div className="field">
            <label htmlFor="mission-name-ms">{t('missions.nameMs')}</label>
            <input id="mission-name-ms" maxLength={80} {...field('nameMs')} />
          </div>
          <div className="field">
            <label htmlFor="mission-name-cn">{t('missions.nameCn')}</label>
            <input id="mission-name-cn" maxLength={80} {...field('nameCn')} />
          </div>
          <div className="field">
            <label htmlFor="mission-description">{t('missions.description')}</label>
            <textarea id="mission-description" rows={2} maxLength={500} {...field('descriptionEn')} />
          </div>
          <div className="field">
            <label htmlFor="mission-kind">{t('missions.kind')}</label>
            <select id="mission-kind" {...field('kind')}>
              <option value="bet">{kindLabel(t, 'bet')}</option>
              <option value="deposit">{kindLabel(t, 'deposit')}</option>
              <option value="login_days">{kindLabel(t, 'login_days')}</option>
            </select>
          </div>
          {draft.kind === 'bet' && (
            <div className="field">
              <label htmlFor="mission-category">{t('missions.category')}</label>
              <select id="mission-category" {...field('category')}>
                <option value="">{t('missions.anyCategory')}</option>
                {MISSION_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="mission-period">{t('missions.period')}</label>
            <select id="mission-period" {...field('period')}>
              <option value="daily">{periodLabel(t, 'daily')}</option>
              <option value="weekly">{periodLabel(t, 'weekly')}</option>
              <option value="once">{periodLabel(t, 'once')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="mission-target">
              {draft.kind === 'login_days' ? t('missions.targetDays') : t('missions.targetAmount')}
            </label>
            <input id="mission-target" required inputMode="decimal" maxLength={24} {...field('target')} />
          </div>
          <div className="field">
            <label htmlFor="mission-reward">{t('missions.reward')}</label>
            <input id="mission-reward" required inputMode="decimal" maxLength={24} {...field('reward')} />
          </div>
          <p className="hint">{t('missions.hint')}</p>
          <button type="submit" disabled={create.isPending}>
            {t('missions.create')}
          </button>
        </form>
      )}
      <QueryState loading={list.isPending} error={list.error} />
      {list.data && (
        <PagedTable
          headers={[
            t('missions.nameEn'),
            t('missions.kind'),
            t('missions.period'),
            t('missions.target'),
            t('missions.reward'),
            t('missions.claims'),
            t('missions.paid'),
            t('adjustments.actions'),
          ]}
          page={page}
          list={list.data}
          onPage={setPage}
        >
          {list.data.items.map((m) => (
            <tr key={m.id} data-testid={`bo-mission-${m.id}`}>
              <td>{m.name.en}</td>
              <td>
                {kindLabel(t, m.kind)}
                {m.category ? ` (${m.category})` : ''}
              </td>
              <td>{periodLabel(t, m.period)}</td>
              <td className="num">{m.target}</td>
              <td className="num">{m.reward}</td>
              <td className="num">{m.claims}</td>
              <td className="num">{m.paid}</td>
              <td>
                {mayAct ? (
                  <RowAction disabled={toggle.isPending} onClick={() => toggle.mutate(m)}>
                    {m.active ? t('operators.deactivate') : t('operators.activate')}
                  </RowAction>
                ) : m.active ? (
                  t('operators.active')
                ) : (
                  t('operators.inactive')
                )}
              </td>
            </tr>
          ))}
        </PagedTable>
      )}
    </section>
  );
}
