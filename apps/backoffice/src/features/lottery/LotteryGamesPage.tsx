import {
  type AdminGame,
  type AdminGameInput,
  type AdminGameUpdate,
  type GameLimits,
  type LimitsUpdate,
  LOTTERY_ACCOUNT_TYPES,
  LOTTERY_CATEGORIES,
  LOTTERY_DRAW_SOURCES,
  LOTTERY_FAMILIES,
  LOTTERY_PRIZE_MODES,
  type LotterySchedule,
} from '@lotus/contracts/lottery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount, isPositiveAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import {
  gameStatusText,
  scheduleText,
  useLotteryGames,
  utcOffsetText,
  weekdayText,
} from './lottery-shared.tsx';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
const CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** The starting values of a new game (gameId '' marks it new). */
const NEW_GAME: AdminGame = {
  gameId: '',
  code: '',
  name: '',
  nameEn: '',
  nameMs: '',
  nameCn: '',
  family: 'digits',
  category: 'ELOTT',
  accountTypeName: 'ELOTT',
  drawSource: 'platform',
  intervalSeconds: 300,
  prizeModes: [...LOTTERY_PRIZE_MODES],
  isHot: false,
  schedule: { kind: 'interval', seconds: 300 },
  utcOffsetMinutes: 480,
  closeOffsetSeconds: 15,
  status: 'active',
  sortOrder: 100,
};

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The schedule typed in the edit form, or which part of it is wrong. */
export function readSchedule(data: FormData): LotterySchedule | 'interval' | 'times' | 'weekdays' {
  if (text(data, 'scheduleKind') === 'interval') {
    const seconds = Number(text(data, 'intervalSeconds'));
    if (!Number.isInteger(seconds) || seconds < 30 || seconds > 86_400 || 86_400 % seconds !== 0) {
      return 'interval';
    }
    return { kind: 'interval', seconds };
  }
  const times = text(data, 'times')
    .split(/[\s,]+/)
    .filter(Boolean);
  const weekdays = [0, 1, 2, 3, 4, 5, 6].filter((d) => data.get(`day-${d}`) === 'on');
  if (times.length === 0 || times.length > 24 || !times.every((time) => TIME.test(time))) {
    return 'times';
  }
  if (weekdays.length === 0) return 'weekdays';
  return { kind: 'daily', times, weekdays };
}

/**
 * The lottery's games: status, schedule, close offset and prize modes; an admin edits a game (names,
 * status, schedule, prize modes, hot, order) and its stake limits and liability caps. A new schedule
 * applies to the numeros created from then on. Every change is audited by the server.
 */
export default function LotteryGamesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const canEdit = canAct(role, ['admin']);
  const games = useLotteryGames();
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const [limitsOf, setLimitsOf] = useState<AdminGame | null>(null);
  const [formError, setFormError] = useState('');
  const [kind, setKind] = useState<LotterySchedule['kind']>('interval');

  const save = useMutation({
    mutationFn: (change: { id: string; patch: AdminGameUpdate } | { input: AdminGameInput }) =>
      'input' in change
        ? boApi<AdminGame>('/bo/v1/lottery/games', { method: 'POST', body: change.input })
        : boApi<AdminGame>(`/bo/v1/lottery/games/${change.id}`, { method: 'PUT', body: change.patch }),
    onSuccess: (game) => {
      setMessage({ ok: true, text: t('lottery.gameSaved', { code: game.code }) });
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['lottery', 'games'] });
    },
    // Shown in the dialog, which stays open (a code taken, a schedule the API refuses).
    onError: (error) => setFormError(failure(error)?.text ?? ''),
  });

  const open = (game: AdminGame) => {
    setFormError('');
    setKind(game.schedule.kind);
    setEditing(game);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const data = new FormData(event.currentTarget);
    const schedule = readSchedule(data);
    if (typeof schedule === 'string') {
      setFormError(
        schedule === 'interval'
          ? t('lottery.intervalInvalid')
          : schedule === 'times'
            ? t('lottery.timesInvalid')
            : t('lottery.weekdaysInvalid'),
      );
      return;
    }
    const prizeModes = LOTTERY_PRIZE_MODES.filter((m) => data.get(`mode-${m}`) === 'on');
    if (prizeModes.length === 0) {
      setFormError(t('lottery.prizeModesInvalid'));
      return;
    }
    const closeOffsetSeconds = Number(text(data, 'closeOffsetSeconds'));
    const utcOffsetMinutes = Number(text(data, 'utcOffsetMinutes'));
    const sortOrder = Number(text(data, 'sortOrder') || '0');
    if (
      !Number.isInteger(closeOffsetSeconds) ||
      closeOffsetSeconds < 0 ||
      (schedule.kind === 'interval' && closeOffsetSeconds >= schedule.seconds)
    ) {
      setFormError(t('lottery.closeOffsetInvalid'));
      return;
    }
    if (!Number.isInteger(utcOffsetMinutes) || utcOffsetMinutes < -720 || utcOffsetMinutes > 840) {
      setFormError(t('lottery.utcOffsetInvalid'));
      return;
    }
    const isNew = editing.gameId === '';
    const code = text(data, 'code');
    const family = pick(LOTTERY_FAMILIES, text(data, 'family'), editing.family);
    const drawSource = pick(LOTTERY_DRAW_SOURCES, text(data, 'drawSource'), editing.drawSource);
    if (isNew && !CODE.test(code)) {
      setFormError(t('lottery.codeInvalid'));
      return;
    }
    if (drawSource === 'official' && family !== 'vn-north' && family !== 'vn-south') {
      setFormError(t('lottery.officialInvalid'));
      return;
    }
    if (!text(data, 'nameEn')) {
      setFormError(t('lottery.nameInvalid'));
      return;
    }
    setFormError('');
    const patch = {
      nameEn: text(data, 'nameEn'),
      nameMs: text(data, 'nameMs'),
      nameCn: text(data, 'nameCn'),
      status: text(data, 'status') === 'suspended' ? 'suspended' : 'active',
      schedule,
      utcOffsetMinutes,
      closeOffsetSeconds,
      prizeModes,
      sortOrder,
      isHot: data.get('isHot') === 'on',
      category: pick(LOTTERY_CATEGORIES, text(data, 'category'), editing.category),
      accountTypeName: pick(LOTTERY_ACCOUNT_TYPES, text(data, 'accountTypeName'), editing.accountTypeName),
    } satisfies AdminGameUpdate;
    save.mutate(isNew ? { input: { ...patch, code, family, drawSource } } : { id: editing.gameId, patch });
  };

  return (
    <section aria-labelledby="lottery-games-title">
      <h1 id="lottery-games-title">{t('lottery.gamesTitle')}</h1>
      {canEdit ? (
        <p>
          <button type="button" onClick={() => open(NEW_GAME)}>
            {t('lottery.addGame')}
          </button>
        </p>
      ) : null}
      <ActionMessage message={message} />
      <QueryState loading={games.isPending} error={games.error} />
      {games.data && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('lottery.game')}</th>
                <th scope="col">{t('lottery.family')}</th>
                <th scope="col">{t('lottery.drawSource')}</th>
                <th scope="col">{t('lottery.schedule')}</th>
                <th scope="col">{t('lottery.closeOffset')}</th>
                <th scope="col">{t('lottery.prizeModes')}</th>
                <th scope="col">{t('lottery.status')}</th>
                <th scope="col">{t('lottery.hot')}</th>
                <th scope="col">{t('lottery.order')}</th>
                <th scope="col">{t('lottery.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {games.data.items.map((g) => (
                <tr key={g.gameId} data-testid={`bo-lottery-game-${g.code}`}>
                  <td>
                    {g.nameEn}
                    <br />
                    <small>
                      {g.code} · {g.nameCn || g.nameMs}
                    </small>
                  </td>
                  <td>{g.family}</td>
                  <td>{g.drawSource === 'official' ? t('lottery.official') : t('lottery.platform')}</td>
                  <td>{scheduleText(t, g.schedule, g.utcOffsetMinutes)}</td>
                  <td className="num">{t('lottery.seconds', { seconds: g.closeOffsetSeconds })}</td>
                  <td>{g.prizeModes.join(', ')}</td>
                  <td>{gameStatusText(t, g.status)}</td>
                  <td>{g.isHot ? t('lottery.yes') : t('lottery.no')}</td>
                  <td className="num">{g.sortOrder}</td>
                  <td className="actions">
                    {canEdit ? (
                      <button type="button" className="secondary" onClick={() => open(g)}>
                        {t('lottery.edit')}
                      </button>
                    ) : null}
                    <button type="button" className="secondary" onClick={() => setLimitsOf(g)}>
                      {t('lottery.limits')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(next) => !next && setEditing(null)}
        title={
          editing?.gameId === '' ? t('lottery.addGame') : t('lottery.editGame', { code: editing?.code ?? '' })
        }
      >
        {editing ? (
          <form onSubmit={submit} data-testid="bo-lottery-game-form" noValidate>
            {editing.gameId === '' ? (
              <>
                <div className="field">
                  <label htmlFor="lg-code">{t('lottery.code')}</label>
                  <input id="lg-code" name="code" required maxLength={32} />
                </div>
                <ValueSelect
                  id="lg-family"
                  name="family"
                  label={t('lottery.family')}
                  values={LOTTERY_FAMILIES}
                  defaultValue={editing.family}
                />
                <div className="field">
                  <label htmlFor="lg-source">{t('lottery.drawSource')}</label>
                  <select id="lg-source" name="drawSource" defaultValue={editing.drawSource}>
                    <option value="platform">{t('lottery.platform')}</option>
                    <option value="official">{t('lottery.official')}</option>
                  </select>
                </div>
              </>
            ) : null}
            {(
              [
                ['en', 'nameEn', t('lottery.nameEn'), editing.nameEn],
                ['ms', 'nameMs', t('lottery.nameMs'), editing.nameMs],
                ['cn', 'nameCn', t('lottery.nameCn'), editing.nameCn],
              ] as const
            ).map(([lang, name, label, value]) => (
              <div className="field" key={lang}>
                <label htmlFor={`lg-name-${lang}`}>{label}</label>
                <input
                  id={`lg-name-${lang}`}
                  name={name}
                  required={lang === 'en'}
                  maxLength={64}
                  defaultValue={value}
                />
              </div>
            ))}
            <ValueSelect
              id="lg-category"
              name="category"
              label={t('lottery.category')}
              values={LOTTERY_CATEGORIES}
              defaultValue={editing.category}
            />
            <ValueSelect
              id="lg-account"
              name="accountTypeName"
              label={t('lottery.accountType')}
              values={LOTTERY_ACCOUNT_TYPES}
              defaultValue={editing.accountTypeName}
            />
            <div className="field">
              <label htmlFor="lg-status">{t('lottery.status')}</label>
              <select id="lg-status" name="status" defaultValue={editing.status}>
                <option value="active">{t('lottery.gameActive')}</option>
                <option value="suspended">{t('lottery.gameSuspended')}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="lg-kind">{t('lottery.schedule')}</label>
              <select
                id="lg-kind"
                name="scheduleKind"
                value={kind}
                onChange={(e) => setKind(e.target.value as LotterySchedule['kind'])}
              >
                <option value="interval">{t('lottery.interval')}</option>
                <option value="daily">{t('lottery.daily')}</option>
              </select>
            </div>
            {kind === 'interval' ? (
              <div className="field">
                <label htmlFor="lg-seconds">{t('lottery.intervalSeconds')}</label>
                <input
                  id="lg-seconds"
                  name="intervalSeconds"
                  type="number"
                  min={30}
                  max={86400}
                  defaultValue={editing.schedule.kind === 'interval' ? editing.schedule.seconds : 300}
                />
              </div>
            ) : (
              <>
                <div className="field">
                  <label htmlFor="lg-times">{t('lottery.drawTimes')}</label>
                  <input
                    id="lg-times"
                    name="times"
                    maxLength={200}
                    placeholder="18:15"
                    defaultValue={editing.schedule.kind === 'daily' ? editing.schedule.times.join(', ') : ''}
                  />
                </div>
                <fieldset className="placements">
                  <legend>{t('lottery.weekdays')}</legend>
                  {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                    <label key={d}>
                      <input
                        type="checkbox"
                        name={`day-${d}`}
                        defaultChecked={
                          editing.schedule.kind === 'daily' ? editing.schedule.weekdays.includes(d) : true
                        }
                      />{' '}
                      {weekdayText(t, d)}
                    </label>
                  ))}
                </fieldset>
              </>
            )}
            <div className="field">
              <label htmlFor="lg-utc">
                {t('lottery.utcOffset')} ({utcOffsetText(editing.utcOffsetMinutes)})
              </label>
              <input
                id="lg-utc"
                name="utcOffsetMinutes"
                type="number"
                min={-720}
                max={840}
                defaultValue={editing.utcOffsetMinutes}
              />
            </div>
            <div className="field">
              <label htmlFor="lg-close">{t('lottery.closeOffsetSeconds')}</label>
              <input
                id="lg-close"
                name="closeOffsetSeconds"
                type="number"
                min={0}
                max={86400}
                defaultValue={editing.closeOffsetSeconds}
              />
            </div>
            <fieldset className="placements">
              <legend>{t('lottery.prizeModes')}</legend>
              {LOTTERY_PRIZE_MODES.map((m) => (
                <label key={m}>
                  <input type="checkbox" name={`mode-${m}`} defaultChecked={editing.prizeModes.includes(m)} />{' '}
                  {m}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor="lg-order">{t('lottery.order')}</label>
              <input
                id="lg-order"
                name="sortOrder"
                type="number"
                min={0}
                max={100000}
                defaultValue={editing.sortOrder}
              />
            </div>
            <label>
              <input type="checkbox" name="isHot" defaultChecked={editing.isHot} /> {t('lottery.hot')}
            </label>
            {formError ? (
              <p role="alert" className="error">
                {formError}
              </p>
            ) : null}
            <p className="hint">{t('lottery.scheduleHint')}</p>
            <p>
              <button type="submit" disabled={save.isPending}>
                {t('lottery.save')}
              </button>
            </p>
          </form>
        ) : null}
      </Dialog>

      <Dialog
        open={limitsOf !== null}
        onOpenChange={(next) => !next && setLimitsOf(null)}
        title={t('lottery.limitsOf', { code: limitsOf?.code ?? '' })}
      >
        {limitsOf ? <LimitsEditor game={limitsOf} canEdit={canEdit} /> : null}
      </Dialog>
    </section>
  );
}

type LimitsDraft = { playId: string; minSlip: string; maxSlip: string; maxOrder: string; numberCap: string };

/** A game's limits (play id 0 = the game's default) and liability caps; the admin edits, adds and removes rows. */
export function LimitsEditor({ game, canEdit }: { game: AdminGame; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [rows, setRows] = useState<LimitsDraft[] | null>(null);
  const [removed, setRemoved] = useState<number[]>([]);
  const limits = useQuery({
    queryKey: ['lottery', 'limits', game.gameId],
    queryFn: () => boApi<GameLimits>(`/bo/v1/lottery/games/${game.gameId}/limits`),
  });
  const save = useMutation({
    mutationFn: (body: LimitsUpdate) =>
      boApi<GameLimits>(`/bo/v1/lottery/games/${game.gameId}/limits`, { method: 'PUT', body }),
    onSuccess: (answer) => {
      setMessage({ ok: true, text: t('lottery.limitsSaved') });
      setRows(null);
      setRemoved([]);
      queryClient.setQueryData(['lottery', 'limits', game.gameId], answer);
    },
    onError: (error) => setMessage(failure(error)),
  });
  const draft: LimitsDraft[] =
    rows ??
    (limits.data?.items ?? []).map((r) => ({
      playId: String(r.playId),
      minSlip: r.minSlip,
      maxSlip: r.maxSlip,
      maxOrder: r.maxOrder,
      numberCap: r.numberCap,
    }));
  const columns: Record<keyof LimitsDraft, string> = {
    playId: t('lottery.playId'),
    minSlip: t('lottery.minSlip'),
    maxSlip: t('lottery.maxSlip'),
    maxOrder: t('lottery.maxOrder'),
    numberCap: t('lottery.numberCap'),
  };
  const change = (i: number, field: keyof LimitsDraft, value: string) =>
    setRows(draft.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const remove = (i: number) => {
    const row = draft[i];
    if (!row) return;
    const known = limits.data?.items.some((r) => String(r.playId) === row.playId);
    if (known) setRemoved([...removed, Number(row.playId)]);
    setRows(draft.filter((_, j) => j !== i));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items: LimitsUpdate['items'] = [];
    for (const r of draft) {
      const playId = Number(r.playId);
      const amounts = [r.minSlip, r.maxSlip, r.maxOrder, r.numberCap];
      if (
        !Number.isInteger(playId) ||
        playId < 0 ||
        playId > 9999 ||
        !amounts.every((a) => isPositiveAmount(a))
      ) {
        setMessage({ ok: false, text: t('lottery.limitsInvalid', { playId: r.playId || '?' }) });
        return;
      }
      items.push({
        playId,
        limits: {
          minSlip: r.minSlip.trim(),
          maxSlip: r.maxSlip.trim(),
          maxOrder: r.maxOrder.trim(),
          numberCap: r.numberCap.trim(),
        },
      });
    }
    for (const playId of removed) {
      if (!items.some((i) => i.playId === playId)) items.push({ playId, limits: null });
    }
    if (items.length === 0) return;
    save.mutate({ items });
  };
  return (
    <div data-testid="bo-lottery-limits">
      <ActionMessage message={message} />
      <QueryState loading={limits.isPending} error={limits.error} />
      <p className="hint">{t('lottery.limitsHint')}</p>
      {limits.data && !canEdit ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('lottery.playId')}</th>
                <th scope="col">{t('lottery.minSlip')}</th>
                <th scope="col">{t('lottery.maxSlip')}</th>
                <th scope="col">{t('lottery.maxOrder')}</th>
                <th scope="col">{t('lottery.numberCap')}</th>
              </tr>
            </thead>
            <tbody>
              {limits.data.items.map((r) => (
                <tr key={r.playId}>
                  <td>{r.playId === 0 ? t('lottery.gameDefault') : `${r.playId} ${r.playCode ?? ''}`}</td>
                  <td className="num">{formatAmount(r.minSlip)}</td>
                  <td className="num">{formatAmount(r.maxSlip)}</td>
                  <td className="num">{formatAmount(r.maxOrder)}</td>
                  <td className="num">{formatAmount(r.numberCap)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {limits.data && canEdit ? (
        <form onSubmit={submit} noValidate>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('lottery.playId')}</th>
                  <th scope="col">{t('lottery.minSlip')}</th>
                  <th scope="col">{t('lottery.maxSlip')}</th>
                  <th scope="col">{t('lottery.maxOrder')}</th>
                  <th scope="col">{t('lottery.numberCap')}</th>
                  <th scope="col">{t('lottery.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {draft.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, new ones have no id yet
                  <tr key={i}>
                    {(['playId', 'minSlip', 'maxSlip', 'maxOrder', 'numberCap'] as const).map((field) => (
                      <td key={field}>
                        <input
                          aria-label={`${columns[field]} ${i + 1}`}
                          value={r[field]}
                          size={field === 'playId' ? 4 : 10}
                          inputMode="decimal"
                          readOnly={field === 'playId' && r.playId === '0' && i === 0}
                          onChange={(e) => change(i, field, e.target.value)}
                        />
                      </td>
                    ))}
                    <td>
                      {r.playId !== '0' ? (
                        <button type="button" className="secondary" onClick={() => remove(i)}>
                          {t('lottery.remove')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() =>
                setRows([
                  ...draft,
                  { playId: '', minSlip: '0.02', maxSlip: '10000', maxOrder: '50000', numberCap: '' },
                ])
              }
            >
              {t('lottery.addPlayLimit')}
            </button>
            <button type="submit" disabled={save.isPending}>
              {t('lottery.save')}
            </button>
          </p>
        </form>
      ) : null}
    </div>
  );
}

/** A labelled select of plain values (codes shown as they are), read from the form by `name`. */
function ValueSelect({
  id,
  name,
  label,
  values,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  values: readonly string[];
  defaultValue: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </div>
  );
}
