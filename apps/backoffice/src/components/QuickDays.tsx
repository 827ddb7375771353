import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;

/** The quick date picks of spec §9: the past or the next 7 and 30 days. */
export const QUICK_DAYS = [7, 30] as const;
export type QuickDirection = 'past' | 'next';

/** The range of a quick pick: the past `days` ending now, or the next `days` starting now. */
export function quickDaysRange(
  direction: QuickDirection,
  days: number,
  now = Date.now(),
): { from: Date; to: Date } {
  return direction === 'past'
    ? { from: new Date(now - days * DAY_MS), to: new Date(now) }
    : { from: new Date(now), to: new Date(now + days * DAY_MS) };
}

/**
 * Buttons "Past 7 days", "Past 30 days" (or "Next ..."), each handing its range to `onPick`: the report
 * filters pick the past, the promotion builder the next days.
 */
export function QuickDays({
  direction,
  onPick,
}: {
  direction: QuickDirection;
  /** `form`: the form the buttons are in, for a form of uncontrolled fields. */
  onPick: (range: { days: number; from: Date; to: Date; form: HTMLFormElement | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="quick-days">
      <legend className="visually-hidden">{t('common.quickDays')}</legend>
      {QUICK_DAYS.map((days) => (
        <button
          key={days}
          type="button"
          className="quick-days__pick"
          onClick={(event) =>
            onPick({ days, ...quickDaysRange(direction, days), form: event.currentTarget.form })
          }
        >
          {direction === 'past'
            ? t('common.pastDays', { count: days })
            : t('common.nextDays', { count: days })}
        </button>
      ))}
    </fieldset>
  );
}
