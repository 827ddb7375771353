import { GAME_CATEGORIES } from '@lotus/contracts/system';
import type { AdminVipLevel, AdminVipLevels, VipSettings } from '@lotus/contracts/vip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

type TextField = Exclude<keyof AdminVipLevel, 'level' | 'withdrawDailyCount' | 'rebateRates'>;
const TEXT_FIELDS: TextField[] = [
  'nameEn',
  'nameMs',
  'nameCn',
  'badge',
  'minDeposit',
  'minTurnover',
  'keepDeposit',
  'keepTurnover',
  'upgradeBonus',
  'monthlyBonus',
  'withdrawDailyMax',
];

/** The column label of each field (literal keys, so the extractor keeps them). */
function fieldLabel(t: TFunction, field: TextField | 'withdrawDailyCount'): string {
  switch (field) {
    case 'nameEn':
      return t('vip.field.nameEn');
    case 'nameMs':
      return t('vip.field.nameMs');
    case 'nameCn':
      return t('vip.field.nameCn');
    case 'badge':
      return t('vip.field.badge');
    case 'minDeposit':
      return t('vip.field.minDeposit');
    case 'minTurnover':
      return t('vip.field.minTurnover');
    case 'keepDeposit':
      return t('vip.field.keepDeposit');
    case 'keepTurnover':
      return t('vip.field.keepTurnover');
    case 'upgradeBonus':
      return t('vip.field.upgradeBonus');
    case 'monthlyBonus':
      return t('vip.field.monthlyBonus');
    case 'withdrawDailyMax':
      return t('vip.field.withdrawDailyMax');
    case 'withdrawDailyCount':
      return t('vip.field.withdrawDailyCount');
  }
}

/** A fresh level after the last one: thresholds as the last one's, names to fill in. */
export function nextLevel(levels: readonly AdminVipLevel[]): AdminVipLevel {
  const last = levels[levels.length - 1];
  return {
    level: levels.length,
    nameEn: `VIP${levels.length}`,
    nameMs: '',
    nameCn: '',
    badge: '',
    minDeposit: last?.minDeposit ?? '0',
    minTurnover: last?.minTurnover ?? '0',
    keepDeposit: '0',
    keepTurnover: '0',
    upgradeBonus: '0',
    monthlyBonus: '0',
    withdrawDailyMax: '0',
    withdrawDailyCount: 0,
    rebateRates: { ...(last?.rebateRates ?? {}) },
  };
}

/**
 * The VIP ladder and the rebate settings: levels with names (EN/MS/CN), badge, thresholds on
 * deposits and turnover over the rolling period, keep conditions, upgrade and monthly bonus,
 * withdrawal limits and rebate rates per category (basis points: 100 = 1%); the period, rebate mode
 * (manual claim or daily job) and minimum payout. Admins edit; the API checks and audits.
 */
export default function VipLevelsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = canAct(session.operator()?.role ?? 'readonly', ['admin']);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [levels, setLevels] = useState<AdminVipLevel[]>([]);
  const [settings, setSettings] = useState<VipSettings | null>(null);
  const loaded = useQuery({
    queryKey: ['vip', 'levels'],
    queryFn: () => boApi<AdminVipLevels>('/bo/v1/vip/levels'),
  });
  const loadedSettings = useQuery({
    queryKey: ['vip', 'settings'],
    queryFn: () => boApi<VipSettings>('/bo/v1/vip/settings'),
  });
  useEffect(() => {
    if (loaded.data) setLevels(loaded.data.levels);
  }, [loaded.data]);
  useEffect(() => {
    if (loadedSettings.data) setSettings(loadedSettings.data);
  }, [loadedSettings.data]);
  const saveLevels = useMutation({
    mutationFn: (body: AdminVipLevels) => boApi<AdminVipLevels>('/bo/v1/vip/levels', { method: 'PUT', body }),
    onSuccess: () => {
      setMessage({ ok: true, text: t('vip.saved') });
      void queryClient.invalidateQueries({ queryKey: ['vip', 'levels'] });
    },
    onError: (error) => setMessage(failure(error)),
  });
  const saveSettings = useMutation({
    mutationFn: (body: VipSettings) => boApi<VipSettings>('/bo/v1/vip/settings', { method: 'PUT', body }),
    onSuccess: () => {
      setMessage({ ok: true, text: t('vip.saved') });
      void queryClient.invalidateQueries({ queryKey: ['vip', 'settings'] });
    },
    onError: (error) => setMessage(failure(error)),
  });
  const change = (index: number, patch: Partial<AdminVipLevel>) =>
    setLevels(levels.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const setRate = (index: number, category: string, text: string) => {
    const level = levels[index];
    if (!level) return;
    const rates = { ...level.rebateRates } as Record<string, number>;
    if (text.trim() === '') delete rates[category];
    else rates[category] = Number(text);
    change(index, { rebateRates: rates as AdminVipLevel['rebateRates'] });
  };
  const submitLevels = (event: FormEvent) => {
    event.preventDefault();
    saveLevels.mutate({ levels });
  };
  const submitSettings = (event: FormEvent) => {
    event.preventDefault();
    if (settings) saveSettings.mutate(settings);
  };

  return (
    <section aria-labelledby="vip-levels-title">
      <h1 id="vip-levels-title">{t('vip.levelsTitle')}</h1>
      <p className="hint">{t('vip.levelsHint')}</p>
      <ActionMessage message={message} />
      <QueryState
        loading={loaded.isPending || loadedSettings.isPending}
        error={loaded.error ?? loadedSettings.error}
      />
      {settings ? (
        <form className="toolbar" onSubmit={submitSettings} data-testid="bo-vip-settings">
          <label htmlFor="vip-period">{t('vip.periodDays')}</label>
          <input
            id="vip-period"
            type="number"
            min={1}
            max={366}
            disabled={!canEdit}
            value={settings.periodDays}
            onChange={(e) => setSettings({ ...settings, periodDays: Number(e.target.value) })}
          />
          <label htmlFor="vip-mode">{t('vip.rebateMode')}</label>
          <select
            id="vip-mode"
            disabled={!canEdit}
            value={settings.rebateMode}
            onChange={(e) =>
              setSettings({ ...settings, rebateMode: e.target.value as VipSettings['rebateMode'] })
            }
          >
            <option value="manual">{t('vip.modeManual')}</option>
            <option value="daily">{t('vip.modeDaily')}</option>
          </select>
          <label htmlFor="vip-minimum">{t('vip.minimumPayout')}</label>
          <input
            id="vip-minimum"
            inputMode="decimal"
            disabled={!canEdit}
            value={settings.rebateMinPayout}
            onChange={(e) => setSettings({ ...settings, rebateMinPayout: e.target.value })}
          />
          {canEdit ? (
            <button type="submit" disabled={saveSettings.isPending}>
              {t('vip.saveSettings')}
            </button>
          ) : null}
        </form>
      ) : null}
      {levels.length > 0 ? (
        <form onSubmit={submitLevels}>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('vip.level')}</th>
                  {TEXT_FIELDS.map((f) => (
                    <th scope="col" key={f}>
                      {fieldLabel(t, f)}
                    </th>
                  ))}
                  <th scope="col">{fieldLabel(t, 'withdrawDailyCount')}</th>
                  {GAME_CATEGORIES.map((c) => (
                    <th scope="col" key={c}>
                      {t('vip.rateOf', { category: c })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {levels.map((l, i) => (
                  <tr key={l.level} data-testid={`bo-vip-level-${l.level}`}>
                    <td className="num">{l.level}</td>
                    {TEXT_FIELDS.map((f) => (
                      <td key={f}>
                        <input
                          aria-label={`${fieldLabel(t, f)} ${l.level}`}
                          size={f.startsWith('name') || f === 'badge' ? 10 : 9}
                          disabled={!canEdit}
                          value={l[f]}
                          onChange={(e) => change(i, { [f]: e.target.value })}
                        />
                      </td>
                    ))}
                    <td>
                      <input
                        aria-label={`${fieldLabel(t, 'withdrawDailyCount')} ${l.level}`}
                        type="number"
                        min={0}
                        size={4}
                        disabled={!canEdit}
                        value={l.withdrawDailyCount}
                        onChange={(e) => change(i, { withdrawDailyCount: Number(e.target.value) })}
                      />
                    </td>
                    {GAME_CATEGORIES.map((c) => (
                      <td key={c}>
                        <input
                          aria-label={`${t('vip.rateOf', { category: c })} ${l.level}`}
                          inputMode="numeric"
                          size={5}
                          disabled={!canEdit}
                          value={(l.rebateRates as Record<string, number>)[c] ?? ''}
                          onChange={(e) => setRate(i, c, e.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canEdit ? (
            <div className="actions">
              <button
                type="button"
                className="secondary"
                onClick={() => setLevels([...levels, nextLevel(levels)])}
              >
                {t('vip.addLevel')}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={levels.length <= 1}
                onClick={() => setLevels(levels.slice(0, -1))}
              >
                {t('vip.removeLevel')}
              </button>
              <button type="submit" disabled={saveLevels.isPending}>
                {t('vip.saveLevels')}
              </button>
            </div>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
