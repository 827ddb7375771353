import { quickPickRange, RECORD_LIMITS, type RecordQuickPick } from '@lotus/contracts/games';
import { GAME_CATEGORIES, type GameCategory } from '@lotus/contracts/system-values';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomDateRange, useCustomDateRange } from '../../../components/ui/CustomDateRange.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { categoryLabel } from '../lib/categories.ts';
import { customRange, localDateValue } from '../lib/dates.ts';

export type RecordRange = { from: string; to: string };
export type RecordSelection = RecordRange & { gameCategory: GameCategory | ''; vassalage: string };

const DAY_MS = 86_400_000;
const PICKS: readonly RecordQuickPick[] = ['today', 'past7', 'past30'];

/** The quick pick's range in the browser's time zone. */
export function pickRange(pick: RecordQuickPick, now = new Date()): RecordRange {
  const { from, to } = quickPickRange(pick, now, -now.getTimezoneOffset());
  return { from: from.toISOString(), to: to.toISOString() };
}

/** A record page's filter state, starting with the past 7 days, every category and vendor. */
export function useRecordSelection() {
  return useState<RecordSelection>(() => ({ ...pickRange('past7'), gameCategory: '', vassalage: '' }));
}

/**
 * The records' filters: quick picks of spec §9 (today, past 7 and 30 days), custom dates (at most 92
 * days), category and, for the betting record, vendor.
 */
export function RecordFilters({
  value,
  onChange,
  withVendor,
}: {
  value: RecordSelection;
  onChange: (next: RecordSelection) => void;
  withVendor: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const menus = useGameMenus();
  const [pick, setPick] = useState<RecordQuickPick | 'custom'>('past7');
  const range = useCustomDateRange(() => ({
    start: localDateValue(new Date(Date.now() - 6 * DAY_MS)),
    end: localDateValue(new Date()),
  }));
  const vendors = [
    ...new Map(
      (menus.data ?? [])
        .filter((m) => !value.gameCategory || m.gameCategory === value.gameCategory)
        .flatMap((m) => m.vendors)
        .map((v) => [v.vassalage, v]),
    ).values(),
  ];

  const choose = (next: RecordQuickPick) => {
    setPick(next);
    range.setError('');
    onChange({ ...value, ...pickRange(next) });
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const picked = customRange(range.value.start, range.value.end, RECORD_LIMITS.maxRangeDays);
    if (!picked) {
      range.setError(t('records.rangeInvalid', { days: RECORD_LIMITS.maxRangeDays }));
      return;
    }
    range.setError('');
    onChange({ ...value, ...picked });
  };

  return (
    <form className="record-filters" onSubmit={applyCustom} noValidate>
      <fieldset className="record-filters__picks">
        <legend className="field__label">{t('records.period')}</legend>
        {PICKS.map((p) => (
          <button
            key={p}
            type="button"
            className="lobby-tab"
            aria-pressed={pick === p}
            onClick={() => choose(p)}
          >
            {p === 'today' ? t('records.today') : p === 'past7' ? t('records.past7') : t('records.past30')}
          </button>
        ))}
        <button
          type="button"
          className="lobby-tab"
          aria-pressed={pick === 'custom'}
          onClick={() => setPick('custom')}
        >
          {t('records.custom')}
        </button>
      </fieldset>
      <CustomDateRange
        id={id}
        open={pick === 'custom'}
        block="record-filters"
        range={range}
        labels={{ start: t('records.startDate'), end: t('records.endDate'), search: t('records.search') }}
      />
      <div className="record-filters__selects">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            {t('records.category')}
          </label>
          <select
            id={`${id}-category`}
            className="input"
            value={value.gameCategory}
            onChange={(e) =>
              onChange({ ...value, gameCategory: e.target.value as GameCategory | '', vassalage: '' })
            }
          >
            <option value="">{t('records.allCategories')}</option>
            {GAME_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(t, c)}
              </option>
            ))}
          </select>
        </div>
        {withVendor ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-vendor`}>
              {t('records.vendor')}
            </label>
            <select
              id={`${id}-vendor`}
              className="input"
              value={value.vassalage}
              onChange={(e) => onChange({ ...value, vassalage: e.target.value })}
            >
              <option value="">{t('records.allVendors')}</option>
              {vendors.map((v) => (
                <option key={v.vassalage} value={v.vassalage}>
                  {v.displayName}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
    </form>
  );
}
