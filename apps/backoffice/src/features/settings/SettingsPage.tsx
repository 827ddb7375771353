import type { BackofficeSettings, BrandSettingsView } from '@lotus/contracts/backoffice';
import { FEATURE_FLAGS, GAME_CATEGORIES } from '@lotus/contracts/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { isPositiveAmount } from '../../lib/money.ts';

type Draft = {
  systemStatus: 0 | 1 | 2;
  maintenanceEnd: string;
  blockedCountries: string;
  featureFlags: Record<string, boolean>;
  walletMode: 'single' | 'transfer';
  threshold: string;
  categoryOrder: string[];
  logoUrl: string;
  theme: BrandSettingsView['theme'];
};

const THEME_KEYS = ['primary', 'primaryContrast', 'accent', 'headerBackground'] as const;

function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

type T = ReturnType<typeof useTranslation>['t'];

function themeLabel(t: T, key: (typeof THEME_KEYS)[number]): string {
  if (key === 'primaryContrast') return t('settings.themePrimaryContrast');
  if (key === 'accent') return t('settings.themeAccentColour');
  if (key === 'headerBackground') return t('settings.themeHeader');
  return t('settings.themePrimary');
}

/** The list with the item at `index` moved one place up (-1) or down (1). */
function moved(list: string[], index: number, step: -1 | 1): string[] {
  const next = [...list];
  const other = index + step;
  const a = next[index];
  const b = next[other];
  if (a === undefined || b === undefined) return list;
  next[index] = b;
  next[other] = a;
  return next;
}

/** Brand settings: system status, maintenance end, blocked countries, feature flags, wallet mode, threshold. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const brand = useQuery({
    queryKey: ['settings', 'brand'],
    queryFn: () => boApi<BrandSettingsView>('/bo/v1/settings/brand'),
  });
  const backoffice = useQuery({
    queryKey: ['settings', 'backoffice'],
    queryFn: () => boApi<BackofficeSettings>('/bo/v1/settings/backoffice'),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (brand.data && backoffice.data && draft === null) {
      setDraft({
        systemStatus: brand.data.systemStatus,
        maintenanceEnd: toLocalInput(brand.data.maintenanceEnd),
        blockedCountries: brand.data.blockedCountries.join(', '),
        featureFlags: brand.data.featureFlags,
        walletMode: brand.data.walletMode,
        threshold: backoffice.data.adjustmentApprovalThreshold,
        categoryOrder: brand.data.categoryOrder,
        logoUrl: brand.data.logoUrl,
        theme: brand.data.theme,
      });
    }
  }, [brand.data, backoffice.data, draft]);
  const save = useMutation({
    mutationFn: async (next: Draft) => {
      await boApi('/bo/v1/settings/brand', {
        method: 'PUT',
        body: {
          systemStatus: next.systemStatus,
          maintenanceEnd: next.maintenanceEnd ? new Date(next.maintenanceEnd).toISOString() : null,
          blockedCountries: next.blockedCountries
            .split(/[\s,]+/)
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean),
          featureFlags: next.featureFlags,
          walletMode: next.walletMode,
          categoryOrder: next.categoryOrder,
          logoUrl: next.logoUrl.trim(),
          theme: next.theme,
        },
      });
      await boApi('/bo/v1/settings/backoffice', {
        method: 'PUT',
        body: { adjustmentApprovalThreshold: next.threshold },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!isPositiveAmount(draft.threshold) && draft.threshold.trim() !== '0') {
      setError(t('adjust.amountInvalid'));
      return;
    }
    setError('');
    save.mutate(draft);
  };
  const update = (patch: Partial<Draft>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <QueryState loading={brand.isPending || backoffice.isPending} error={brand.error ?? backoffice.error} />
      {draft && (
        <form className="card" onSubmit={submit}>
          <div className="field">
            <label htmlFor="system-status">{t('settings.systemStatus')}</label>
            <select
              id="system-status"
              value={draft.systemStatus}
              onChange={(event) => update({ systemStatus: Number(event.target.value) as 0 | 1 | 2 })}
            >
              <option value={0}>{t('settings.status0')}</option>
              <option value={1}>{t('settings.status1')}</option>
              <option value={2}>{t('settings.status2')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="maintenance-end">{t('settings.maintenanceEnd')}</label>
            <input
              id="maintenance-end"
              type="datetime-local"
              value={draft.maintenanceEnd}
              onChange={(event) => update({ maintenanceEnd: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="blocked-countries">{t('settings.blockedCountries')}</label>
            <input
              id="blocked-countries"
              value={draft.blockedCountries}
              onChange={(event) => update({ blockedCountries: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="wallet-mode">{t('settings.walletMode')}</label>
            <select
              id="wallet-mode"
              value={draft.walletMode}
              onChange={(event) => update({ walletMode: event.target.value as Draft['walletMode'] })}
            >
              <option value="single">{t('settings.walletSingle')}</option>
              <option value="transfer">{t('settings.walletTransfer')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="threshold">{t('settings.threshold')}</label>
            <input
              id="threshold"
              inputMode="decimal"
              value={draft.threshold}
              onChange={(event) => update({ threshold: event.target.value })}
            />
          </div>
          <fieldset>
            <legend>{t('settings.categoryOrder')}</legend>
            <ol className="category-order">
              {draft.categoryOrder.map((category, index) => (
                <li key={category}>
                  <span>{category}</span>{' '}
                  <button
                    type="button"
                    className="secondary"
                    disabled={index === 0}
                    aria-label={t('settings.moveUp', { category })}
                    onClick={() => update({ categoryOrder: moved(draft.categoryOrder, index, -1) })}
                  >
                    ↑
                  </button>{' '}
                  <button
                    type="button"
                    className="secondary"
                    disabled={index === draft.categoryOrder.length - 1}
                    aria-label={t('settings.moveDown', { category })}
                    onClick={() => update({ categoryOrder: moved(draft.categoryOrder, index, 1) })}
                  >
                    ↓
                  </button>
                </li>
              ))}
            </ol>
            <div className="flags">
              {GAME_CATEGORIES.map((category) => (
                <label key={category}>
                  <input
                    type="checkbox"
                    checked={draft.categoryOrder.includes(category)}
                    disabled={draft.categoryOrder.length === 1 && draft.categoryOrder.includes(category)}
                    onChange={(event) =>
                      update({
                        categoryOrder: event.target.checked
                          ? [...draft.categoryOrder, category]
                          : draft.categoryOrder.filter((c) => c !== category),
                      })
                    }
                  />
                  {t('settings.showCategory', { category })}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('settings.look')}</legend>
            <div className="field">
              <label htmlFor="logo-url">{t('settings.logoUrl')}</label>
              <input
                id="logo-url"
                maxLength={1000}
                value={draft.logoUrl}
                onChange={(event) => update({ logoUrl: event.target.value })}
              />
            </div>
            {draft.logoUrl.trim() && (
              <img className="logo-preview" src={draft.logoUrl.trim()} alt={t('settings.logoPreview')} />
            )}
            {THEME_KEYS.map((key) => (
              <div className="field" key={key}>
                <label htmlFor={`theme-${key}`}>{themeLabel(t, key)}</label>
                <input
                  id={`theme-${key}`}
                  type="color"
                  value={draft.theme[key]}
                  onChange={(event) => update({ theme: { ...draft.theme, [key]: event.target.value } })}
                />
              </div>
            ))}
            <div
              className="theme-preview"
              style={{ background: draft.theme.headerBackground, color: draft.theme.primaryContrast }}
            >
              <span style={{ background: draft.theme.primary, color: draft.theme.primaryContrast }}>
                {t('settings.themeButton')}
              </span>{' '}
              <span style={{ color: draft.theme.accent }}>{t('settings.themeAccent')}</span>
            </div>
          </fieldset>
          <fieldset className="flags">
            <legend>{t('settings.flags')}</legend>
            {FEATURE_FLAGS.map((flag) => (
              <label key={flag}>
                <input
                  type="checkbox"
                  checked={draft.featureFlags[flag] === true}
                  onChange={(event) =>
                    update({ featureFlags: { ...draft.featureFlags, [flag]: event.target.checked } })
                  }
                />
                {flag}
              </label>
            ))}
          </fieldset>
          {(error || save.error) && (
            <p role="alert" className="error">
              {error || save.error?.message}
            </p>
          )}
          {save.isSuccess && (
            <p role="status" className="notice">
              {t('common.saved')}
            </p>
          )}
          <button type="submit" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </form>
      )}
    </section>
  );
}
