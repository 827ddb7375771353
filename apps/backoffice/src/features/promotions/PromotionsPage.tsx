import {
  type AdminMemberPromotion,
  type AdminPromotion,
  GAME_CATEGORIES,
  type PromotionInput,
  type PromotionPreview,
  type RafflePrizeKind,
} from '@lotus/contracts/promotions';
import type { AdminVipLevels } from '@lotus/contracts/vip';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { QuickDays } from '../../components/QuickDays.tsx';
import { RejectWithReason } from '../../components/RejectWithReason.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import { PrizeSummary, useHouseSlots } from './prize-summary.tsx';

type Record_ = AdminMemberPromotion;

function stateText(t: TFunction, state: string): string {
  switch (state) {
    case 'applying':
      return t('promotions.state.applying');
    case 'rejected':
      return t('promotions.state.rejected');
    case 'issued':
      return t('promotions.state.issued');
    case 'claimed':
      return t('promotions.state.claimed');
    case 'process':
      return t('promotions.state.process');
    case 'signed':
      return t('promotions.state.signed');
    case 'coming':
      return t('promotions.state.coming');
    default:
      return t('promotions.state.close');
  }
}

/** A free-round grant's state (docs/free-rounds.md). */
function grantStateText(t: TFunction, state: string): string {
  switch (state) {
    case 'active':
      return t('promotions.grant.active');
    case 'used':
      return t('promotions.grant.used');
    case 'expired':
      return t('promotions.grant.expired');
    default:
      return t('promotions.grant.cancelled');
  }
}

/**
 * Promotions and bonuses (issue 15): the builder with its preview, the approval queue and each
 * member's bonuses with their wagering; every change is audited by the API.
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="promotions-title" data-testid="bo-promotions">
      <h1 id="promotions-title">{t('promotions.title')}</h1>
      <Tabs.Root defaultValue="list" className="tabs">
        <Tabs.List aria-label={t('promotions.title')}>
          <Tabs.Trigger value="list">{t('promotions.tabs.list')}</Tabs.Trigger>
          <Tabs.Trigger value="queue">{t('promotions.tabs.queue')}</Tabs.Trigger>
          <Tabs.Trigger value="members">{t('promotions.tabs.members')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="list">
          <PromotionList />
        </Tabs.Content>
        <Tabs.Content value="queue">
          <RecordList mode="queue" />
        </Tabs.Content>
        <Tabs.Content value="members">
          <RecordList mode="members" />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function PromotionList() {
  const { t } = useTranslation();
  const role = session.operator()?.role;
  const mayBuild = role !== undefined && canAct(role, ['marketing']);
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['promotions', 'list'],
    queryFn: () => boApi<{ items: AdminPromotion[] }>('/bo/v1/promotions'),
  });
  const slots = useHouseSlots();
  return (
    <div>
      <QueryState loading={list.isLoading} error={list.error} />
      {mayBuild && editing === null ? (
        <button type="button" onClick={() => setEditing('new')}>
          {t('promotions.new')}
        </button>
      ) : null}
      {editing !== null ? (
        <PromotionForm initial={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t('promotions.field.title')}</th>
              <th>{t('promotions.field.status')}</th>
              <th>{t('promotions.field.period')}</th>
              <th>{t('promotions.field.prize')}</th>
              <th>{t('promotions.field.wagering')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((p) => (
              <tr key={p.id}>
                <td>{p.titleEn}</td>
                <td>{p.status}</td>
                <td>
                  {new Date(p.startsAt).toLocaleString()} – {new Date(p.endsAt).toLocaleString()}
                </td>
                <td data-testid="prize-summary">
                  <PrizeSummary promotion={p} slots={slots} />
                </td>
                <td>x{p.wageringMultiplier}</td>
                <td>
                  {mayBuild ? (
                    <button type="button" onClick={() => setEditing(p)}>
                      {t('promotions.edit')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function readForm(form: HTMLFormElement): PromotionInput {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const optional = (name: string) => (text(name) === '' ? undefined : text(name));
  const int = (name: string) => Number.parseInt(text(name) || '0', 10);
  const usernames = text('usernames')
    .split(/[\s,]+/)
    .filter((u) => u !== '');
  const contributions: Record<string, number> = {};
  for (const c of GAME_CATEGORIES) contributions[c] = int(`c_${c}`);
  const rules: PromotionInput['rules'] = {};
  if (optional('newMemberDays')) rules.newMemberDays = int('newMemberDays');
  if (optional('depositNth')) rules.depositNth = int('depositNth');
  if (optional('depositMin')) rules.depositMin = text('depositMin');
  if (optional('depositMax')) rules.depositMax = text('depositMax');
  if (optional('turnoverMin')) rules.turnoverMin = text('turnoverMin');
  if (optional('turnoverDays')) rules.turnoverDays = int('turnoverDays');
  if (usernames.length > 0) rules.usernames = usernames;
  if (optional('vipLevelMin')) rules.vipLevelMin = int('vipLevelMin');
  const vipLevels = data.getAll('vipLevels').map((v) => Number.parseInt(String(v), 10));
  if (vipLevels.length > 0) rules.vipLevels = vipLevels;
  const kindText = text('rewardKind');
  const kind =
    kindText === 'percent' || kindText === 'raffle' || kindText === 'free_rounds' || kindText === 'points'
      ? kindText
      : 'fixed';
  const rafflePrizes = data.getAll('prizeKey').map((key) => readPrize(data, String(key)));
  const status = text('status');
  const frequency = text('frequency');
  return {
    titleEn: text('titleEn'),
    titleMs: text('titleMs'),
    titleCn: text('titleCn'),
    contentEn: String(data.get('contentEn') ?? ''),
    contentMs: String(data.get('contentMs') ?? ''),
    contentCn: String(data.get('contentCn') ?? ''),
    image: text('image'),
    status: status === 'active' || status === 'archived' ? status : 'draft',
    startsAt: new Date(text('startsAt')).toISOString(),
    endsAt: new Date(text('endsAt')).toISOString(),
    frequency:
      frequency === 'daily' ||
      frequency === 'weekly' ||
      frequency === 'semimonthly' ||
      frequency === 'monthly'
        ? frequency
        : 'once',
    rules,
    rewardKind: kind,
    ...(kind === 'fixed' ? { rewardAmount: text('rewardAmount') } : {}),
    ...(kind === 'percent' ? { rewardPercent: text('rewardPercent') } : {}),
    ...(kind === 'raffle' ? { rafflePrizes } : {}),
    ...(kind === 'points' ? { rewardPoints: text('rewardPoints') } : {}),
    ...(kind === 'free_rounds'
      ? {
          freeRoundsGame: text('freeRoundsGame'),
          freeRoundsStake: text('freeRoundsStake'),
          freeRoundsCount: int('freeRoundsCount'),
        }
      : {}),
    ...(optional('rewardCap') ? { rewardCap: text('rewardCap') } : {}),
    wageringMultiplier: int('wageringMultiplier'),
    wageringIncludesDeposit: data.get('wageringIncludesDeposit') === 'on',
    contributions,
    ...(optional('maxBet') ? { maxBet: text('maxBet') } : {}),
    expiryDays: int('expiryDays') || 30,
    needsApproval: data.get('needsApproval') === 'on',
    asksContact: data.get('asksContact') === 'on',
  };
}

function Field({
  name,
  label,
  ...rest
}: { name: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input name={name} {...rest} />
    </label>
  );
}

type PrizeRow = {
  key: number;
  nameEn: string;
  kind: RafflePrizeKind;
  amount: string;
  points: string;
  weight: number;
  stock: number;
};

/**
 * A free-round reward (used when the reward kind is free_rounds, docs/free-rounds.md): one house
 * slot of the catalogue, the fixed stake of each round (one of the game's stakes, what a spin of it
 * can bet; a free field from its minimum only for a game without stake levels) and how many rounds.
 */
function FreeRoundFields({ initial }: { initial: AdminPromotion | null }) {
  const { t } = useTranslation();
  const slots = useHouseSlots();
  const [gameId, setGameId] = useState(initial?.freeRoundsGame ?? '');
  const initialStake = initial?.rewardKind === 'free_rounds' ? initial.freeRoundsStake : '';
  const game = slots.find((g) => g.id === gameId);
  return (
    <fieldset>
      <legend>{t('promotions.freeRounds')}</legend>
      <label>
        {t('promotions.field.freeRoundsGame')}
        <select name="freeRoundsGame" value={gameId} onChange={(e) => setGameId(e.target.value)}>
          <option value="">—</option>
          {slots.map((g) => (
            <option key={g.id} value={g.id}>
              {g.nameEn} ({t('promotions.minBet', { amount: g.minBet })})
            </option>
          ))}
        </select>
      </label>
      {game === undefined || game.stakes.length > 0 ? (
        <label>
          {t('promotions.field.freeRoundsStake')}
          <select
            key={`${gameId}:${game === undefined ? 'none' : 'loaded'}`}
            name="freeRoundsStake"
            disabled={game === undefined}
            defaultValue={game?.stakes.includes(initialStake) ? initialStake : ''}
          >
            <option value="">—</option>
            {(game?.stakes ?? []).map((stake) => (
              <option key={stake} value={stake}>
                {stake}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <Field
          key={gameId}
          name="freeRoundsStake"
          inputMode="decimal"
          label={t('promotions.field.freeRoundsStake')}
          defaultValue={initialStake}
        />
      )}
      <Field
        name="freeRoundsCount"
        type="number"
        min={1}
        max={1000}
        label={t('promotions.field.freeRoundsCount')}
        defaultValue={initial?.rewardKind === 'free_rounds' ? initial.freeRoundsCount : ''}
      />
    </fieldset>
  );
}

/** The name of a prize row's input: one row's fields share its key, whatever rows come and go. */
const prizeInput = (key: number | string, field: string) => `prize_${key}_${field}`;

/** One prize of the form: money carries its amount, points its whole points (the API checks both). */
function readPrize(data: FormData, key: string): NonNullable<PromotionInput['rafflePrizes']>[number] {
  const field = (name: string) => String(data.get(prizeInput(key, name)) ?? '').trim();
  const whole = (name: string) => Number.parseInt(field(name) || '0', 10);
  const common = { nameEn: field('name'), weight: whole('weight'), stock: whole('stock') };
  return field('kind') === 'points'
    ? { ...common, kind: 'points', points: field('points') }
    : { ...common, kind: 'money', amount: field('amount') };
}

/**
 * A raffle's prizes (used when the reward kind is raffle): per row the name, what it gives (money:
 * an amount under the promotion's wagering; points: whole points), weight and stock.
 */
function RafflePrizeFields({ initial }: { initial: AdminPromotion['rafflePrizes'] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PrizeRow[]>(() =>
    initial.map((p, key) => ({ key, ...p, points: p.kind === 'points' ? p.points : '' })),
  );
  const add = () =>
    setRows((r) => [
      ...r,
      {
        key: Math.max(-1, ...r.map((x) => x.key)) + 1,
        nameEn: '',
        kind: 'money',
        amount: '',
        points: '',
        weight: 1,
        stock: 1,
      },
    ]);
  const setKind = (key: number, kind: RafflePrizeKind) =>
    setRows((r) => r.map((x) => (x.key === key ? { ...x, kind } : x)));
  return (
    <fieldset>
      <legend>{t('promotions.rafflePrizes')}</legend>
      {rows.map((row, i) => (
        <div key={row.key} className="actions" data-testid="raffle-prize-row">
          <input type="hidden" name="prizeKey" value={row.key} />
          <Field
            name={prizeInput(row.key, 'name')}
            label={t('promotions.prize.name', { n: i + 1 })}
            maxLength={80}
            defaultValue={row.nameEn}
          />
          <label>
            {t('promotions.prize.kind')}
            <select
              name={prizeInput(row.key, 'kind')}
              value={row.kind}
              onChange={(e) => setKind(row.key, e.target.value === 'points' ? 'points' : 'money')}
            >
              <option value="money">{t('promotions.prize.money')}</option>
              <option value="points">{t('promotions.prize.points')}</option>
            </select>
          </label>
          {row.kind === 'points' ? (
            <Field
              name={prizeInput(row.key, 'points')}
              inputMode="numeric"
              pattern="[1-9][0-9]{0,11}"
              label={t('promotions.prize.pointsValue')}
              defaultValue={row.points}
            />
          ) : (
            <Field
              name={prizeInput(row.key, 'amount')}
              inputMode="decimal"
              label={t('promotions.prize.amount')}
              defaultValue={row.amount}
            />
          )}
          {(
            [
              ['weight', t('promotions.prize.weight'), 1, row.weight],
              ['stock', t('promotions.prize.stock'), 0, row.stock],
            ] as const
          ).map(([field, label, min, value]) => (
            <Field
              key={field}
              name={prizeInput(row.key, field)}
              type="number"
              min={min}
              max={1_000_000}
              label={label}
              defaultValue={value}
            />
          ))}
          <button type="button" onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}>
            {t('promotions.prize.remove')}
          </button>
        </div>
      ))}
      <button type="button" onClick={add}>
        {t('promotions.prize.add')}
      </button>
    </fieldset>
  );
}

/**
 * The VIP-level rule: "level at least" (a select over the brand's ladder) and "one of these levels"
 * (checkboxes); both empty means any level.
 */
function VipRuleFields({ rules }: { rules: AdminPromotion['rules'] | undefined }) {
  const { t } = useTranslation();
  const ladder = useQuery({
    queryKey: ['vip', 'levels'],
    queryFn: () => boApi<AdminVipLevels>('/bo/v1/vip/levels'),
  });
  const levels = ladder.data?.levels ?? [];
  const name = (l: AdminVipLevels['levels'][number]) =>
    t('promotions.vipLevelName', { level: l.level, name: l.nameEn });
  return (
    <>
      <QueryState loading={ladder.isLoading} error={ladder.error} />
      {ladder.data ? (
        <>
          <label>
            {t('promotions.field.vipLevelMin')}
            <select name="vipLevelMin" defaultValue={rules?.vipLevelMin ?? ''}>
              <option value="">{t('promotions.vipAny')}</option>
              {levels.map((l) => (
                <option key={l.level} value={l.level}>
                  {name(l)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('promotions.field.vipLevels')}</legend>
            {levels.map((l) => (
              <label key={l.level}>
                <input
                  type="checkbox"
                  name="vipLevels"
                  value={l.level}
                  defaultChecked={rules?.vipLevels?.includes(l.level) ?? false}
                />
                {name(l)}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
    </>
  );
}

function PromotionForm({ initial, onDone }: { initial: AdminPromotion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [previewDeposit, setPreviewDeposit] = useState('100');
  const save = useMutation({
    mutationFn: (body: PromotionInput) =>
      initial
        ? boApi<AdminPromotion>(`/bo/v1/promotions/${initial.id}`, { method: 'PUT', body })
        : boApi<AdminPromotion>('/bo/v1/promotions', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
      onDone();
    },
    onError: (error) => setMessage(failure(error)),
  });
  const previewCall = useMutation({
    mutationFn: (promotion: PromotionInput) =>
      boApi<PromotionPreview>('/bo/v1/promotions/preview', {
        method: 'POST',
        body: { promotion, depositAmount: previewDeposit || '0' },
      }),
    onSuccess: setPreview,
    onError: (error) => setMessage(failure(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const input = readForm(event.currentTarget);
    if (submitter?.value === 'preview') previewCall.mutate(input);
    else save.mutate(input);
  };
  const p = initial;
  const now = new Date().toISOString();
  return (
    <form onSubmit={submit} className="stack" aria-label={p ? t('promotions.edit') : t('promotions.new')}>
      {(
        [
          ['titleEn', t('promotions.field.titleEn')],
          ['titleMs', t('promotions.field.titleMs')],
          ['titleCn', t('promotions.field.titleCn')],
        ] as const
      ).map(([name, label]) => (
        <Field
          key={name}
          name={name}
          label={label}
          required={name === 'titleEn'}
          maxLength={120}
          defaultValue={p?.[name] ?? ''}
        />
      ))}
      {(
        [
          ['contentEn', t('promotions.field.contentEn')],
          ['contentMs', t('promotions.field.contentMs')],
          ['contentCn', t('promotions.field.contentCn')],
        ] as const
      ).map(([name, label]) => (
        <label key={name}>
          {label}
          <textarea name={name} maxLength={20000} defaultValue={p?.[name] ?? ''} />
        </label>
      ))}
      <Field name="image" label={t('promotions.field.image')} maxLength={500} defaultValue={p?.image ?? ''} />
      <label>
        {t('promotions.field.status')}
        <select name="status" defaultValue={p?.status ?? 'draft'}>
          <option value="draft">{t('promotions.status.draft')}</option>
          <option value="active">{t('promotions.status.active')}</option>
          <option value="archived">{t('promotions.status.archived')}</option>
        </select>
      </label>
      <Field
        name="startsAt"
        type="datetime-local"
        label={t('promotions.field.startsAt')}
        required
        defaultValue={toLocalInput(p?.startsAt ?? now)}
      />
      <Field
        name="endsAt"
        type="datetime-local"
        label={t('promotions.field.endsAt')}
        required
        defaultValue={toLocalInput(p?.endsAt ?? new Date(Date.now() + 30 * 86_400_000).toISOString())}
      />
      <QuickDays
        direction="next"
        onPick={({ from, to, form }) => {
          const set = (name: string, at: Date) => {
            const input = form?.elements.namedItem(name);
            if (input instanceof HTMLInputElement) input.value = toLocalInput(at.toISOString());
          };
          set('startsAt', from);
          set('endsAt', to);
        }}
      />
      <label>
        {t('promotions.field.frequency')}
        <select name="frequency" defaultValue={p?.frequency ?? 'once'}>
          <option value="once">{t('promotions.frequency.once')}</option>
          <option value="daily">{t('promotions.frequency.daily')}</option>
          <option value="weekly">{t('promotions.frequency.weekly')}</option>
          <option value="semimonthly">{t('promotions.frequency.semimonthly')}</option>
          <option value="monthly">{t('promotions.frequency.monthly')}</option>
        </select>
      </label>
      <fieldset>
        <legend>{t('promotions.rules')}</legend>
        <Field
          name="newMemberDays"
          type="number"
          min={1}
          label={t('promotions.field.newMemberDays')}
          defaultValue={p?.rules.newMemberDays ?? ''}
        />
        <Field
          name="depositNth"
          type="number"
          min={1}
          label={t('promotions.field.depositNth')}
          defaultValue={p?.rules.depositNth ?? ''}
        />
        <Field
          name="depositMin"
          inputMode="decimal"
          label={t('promotions.field.depositMin')}
          defaultValue={p?.rules.depositMin ?? ''}
        />
        <Field
          name="depositMax"
          inputMode="decimal"
          label={t('promotions.field.depositMax')}
          defaultValue={p?.rules.depositMax ?? ''}
        />
        <Field
          name="turnoverMin"
          inputMode="decimal"
          label={t('promotions.field.turnoverMin')}
          defaultValue={p?.rules.turnoverMin ?? ''}
        />
        <Field
          name="turnoverDays"
          type="number"
          min={1}
          label={t('promotions.field.turnoverDays')}
          defaultValue={p?.rules.turnoverDays ?? ''}
        />
        <label>
          {t('promotions.field.usernames')}
          <textarea name="usernames" defaultValue={(p?.rules.usernames ?? []).join(' ')} />
        </label>
        <VipRuleFields rules={p?.rules} />
      </fieldset>
      <fieldset>
        <legend>{t('promotions.field.reward')}</legend>
        <label>
          {t('promotions.field.rewardKind')}
          <select name="rewardKind" defaultValue={p?.rewardKind ?? 'fixed'}>
            <option value="fixed">{t('promotions.kind.fixed')}</option>
            <option value="percent">{t('promotions.kind.percent')}</option>
            <option value="raffle">{t('promotions.kind.raffle')}</option>
            <option value="free_rounds">{t('promotions.kind.free_rounds')}</option>
            <option value="points">{t('promotions.kind.points')}</option>
          </select>
        </label>
        <RafflePrizeFields initial={p?.rafflePrizes ?? []} />
        <FreeRoundFields initial={p} />
        <Field
          name="rewardAmount"
          inputMode="decimal"
          label={t('promotions.field.rewardAmount')}
          defaultValue={p?.rewardAmount ?? ''}
        />
        <Field
          name="rewardPercent"
          inputMode="decimal"
          label={t('promotions.field.rewardPercent')}
          defaultValue={p?.rewardPercent ?? ''}
        />
        <Field
          name="rewardCap"
          inputMode="decimal"
          label={t('promotions.field.rewardCap')}
          defaultValue={p?.rewardCap ?? ''}
        />
        <Field
          name="rewardPoints"
          inputMode="numeric"
          pattern="[1-9][0-9]{0,11}"
          label={t('promotions.field.rewardPoints')}
          defaultValue={p?.rewardKind === 'points' ? p.rewardPoints : ''}
        />
      </fieldset>
      <fieldset>
        <legend>{t('promotions.field.wagering')}</legend>
        <Field
          name="wageringMultiplier"
          type="number"
          min={0}
          max={1000}
          label={t('promotions.field.multiplier')}
          defaultValue={p?.wageringMultiplier ?? 0}
        />
        <label>
          <input
            name="wageringIncludesDeposit"
            type="checkbox"
            defaultChecked={p?.wageringIncludesDeposit ?? false}
          />
          {t('promotions.field.includesDeposit')}
        </label>
        {GAME_CATEGORIES.map((c) => (
          <Field
            key={c}
            name={`c_${c}`}
            type="number"
            min={0}
            max={100}
            label={t('promotions.field.contribution', { category: c })}
            defaultValue={p?.contributions[c] ?? (c === 'RNG' ? 100 : 0)}
          />
        ))}
        <Field
          name="maxBet"
          inputMode="decimal"
          label={t('promotions.field.maxBet')}
          defaultValue={p?.maxBet ?? ''}
        />
        <Field
          name="expiryDays"
          type="number"
          min={1}
          label={t('promotions.field.expiryDays')}
          defaultValue={p?.expiryDays ?? 30}
        />
      </fieldset>
      <label>
        <input name="needsApproval" type="checkbox" defaultChecked={p?.needsApproval ?? false} />
        {t('promotions.field.needsApproval')}
      </label>
      <label>
        <input name="asksContact" type="checkbox" defaultChecked={p?.asksContact ?? false} />
        {t('promotions.field.asksContact')}
      </label>
      <label>
        {t('promotions.previewDeposit')}
        <input
          value={previewDeposit}
          inputMode="decimal"
          onChange={(e) => setPreviewDeposit(e.target.value)}
        />
      </label>
      <div className="actions">
        <button type="submit" value="preview">
          {t('promotions.preview')}
        </button>
        <button type="submit" value="save" disabled={save.isPending}>
          {t('promotions.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('promotions.cancel')}
        </button>
      </div>
      {preview ? (
        <p role="status" data-testid="promotion-preview">
          {(preview.rewardPoints ?? '0') !== '0'
            ? t('promotions.previewPoints', { points: preview.rewardPoints })
            : t('promotions.previewText', {
                bonus: preview.bonusAmount,
                wagering: preview.wageringRequired,
                locked: preview.lockedAmount,
              })}
        </p>
      ) : null}
      <ActionMessage message={message} />
    </form>
  );
}

function RecordList({ mode }: { mode: 'queue' | 'members' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayDecide = role !== undefined && canAct(role, ['marketing', 'finance']);
  const [username, setUsername] = useState('');
  const [message, setMessage] = useState<ActionOutcome>(null);
  const enabled = mode === 'queue' || username !== '';
  const list = useQuery({
    queryKey: ['promotions', 'records', mode, username],
    queryFn: () =>
      boApi<{ items: Record_[] }>('/bo/v1/promotions/records', {
        query: mode === 'queue' ? { state: 'applying' } : { username },
      }),
    enabled,
  });
  const decide = useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: string; reason?: string }) =>
      boApi<Record_>(`/bo/v1/promotions/records/${id}/${action}`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSuccess: (r) => {
      setMessage({ ok: true, text: t('promotions.decided', { id: r.id, state: stateText(t, r.state) }) });
      void queryClient.invalidateQueries({ queryKey: ['promotions', 'records'] });
    },
    onError: (error) => setMessage(failure(error)),
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setUsername(String(new FormData(event.currentTarget).get('username') ?? '').trim());
  };
  return (
    <div>
      {mode === 'members' ? (
        <form onSubmit={search}>
          <label>
            {t('promotions.username')}
            <input name="username" pattern="[A-Za-z0-9_]{1,32}" />
          </label>
          <button type="submit">{t('promotions.search')}</button>
        </form>
      ) : null}
      <ActionMessage message={message} />
      <QueryState loading={enabled && list.isLoading} error={list.error} />
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t('promotions.username')}</th>
              <th>{t('promotions.field.title')}</th>
              <th>{t('promotions.field.state')}</th>
              <th>{t('promotions.field.bonus')}</th>
              <th>{t('promotions.field.progress')}</th>
              <th>{t('promotions.field.locked')}</th>
              <th>{t('promotions.field.expires')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((r) => (
              <tr key={r.id}>
                <td>{r.username}</td>
                <td>
                  {r.title}
                  {r.remark ? (
                    <div className="record-remark" data-testid="record-remark">
                      {t('promotions.remark')}: {r.remark}
                    </div>
                  ) : null}
                </td>
                <td>
                  {stateText(t, r.state)}
                  {r.closeReason || r.rejectReason ? ` (${r.closeReason || r.rejectReason})` : ''}
                </td>
                <td>
                  {r.bonusAmount}
                  {r.freeRounds ? (
                    <div data-testid="free-round-grant">
                      {t('promotions.freeRoundsLeft', {
                        remaining: r.freeRounds.remaining,
                        granted: r.freeRounds.granted,
                        game: r.freeRounds.gameName,
                        stake: r.freeRounds.stake,
                      })}{' '}
                      ({grantStateText(t, r.freeRounds.state)})
                    </div>
                  ) : null}
                </td>
                <td>
                  {r.wageringDone} / {r.wageringRequired}
                  {r.flaggedBets > 0 ? ` · ${t('promotions.flagged', { count: r.flaggedBets })}` : ''}
                </td>
                <td>{r.lockedAmount}</td>
                <td>{r.expiresAt ? new Date(r.expiresAt).toLocaleString() : ''}</td>
                <td>
                  {mayDecide && r.state === 'applying' ? (
                    <>
                      <button
                        type="button"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: r.id, action: 'approve' })}
                      >
                        {t('promotions.approve')}
                      </button>
                      <RejectWithReason
                        id={`reject-${r.id}`}
                        label={t('promotions.reason')}
                        button={t('promotions.reject')}
                        maxLength={300}
                        busy={decide.isPending}
                        onReject={(reason) => decide.mutate({ id: r.id, action: 'reject', reason })}
                      />
                    </>
                  ) : null}
                  {mayDecide && (r.state === 'issued' || r.state === 'process') ? (
                    <RejectWithReason
                      id={`forfeit-${r.id}`}
                      label={t('promotions.reason')}
                      button={r.state === 'process' ? t('promotions.forfeit') : t('promotions.cancelRecord')}
                      maxLength={300}
                      busy={decide.isPending}
                      onReject={(reason) =>
                        decide.mutate({
                          id: r.id,
                          action: r.state === 'process' ? 'forfeit' : 'cancel',
                          reason,
                        })
                      }
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
