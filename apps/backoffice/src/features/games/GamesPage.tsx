import type {
  CatalogueGame,
  CatalogueGamePage,
  CatalogueGamePatch,
  CatalogueVendor,
  CatalogueVendorPatch,
  GameStatus,
} from '@lotus/contracts/games';
import { GAME_CATEGORIES, type GameCategory } from '@lotus/contracts/system';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable, RowAction } from '../../components/DataTable.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const PAGE_SIZE = 50;
type GameFilter = { vendorId: string; gameCategory: GameCategory | ''; search: string };
type Change =
  | { kind: 'vendor'; id: string; patch: CatalogueVendorPatch }
  | { kind: 'game'; id: string; patch: CatalogueGamePatch };

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

function statusText(t: (key: string) => string, status: GameStatus): string {
  switch (status) {
    case 'active':
      return t('games.statusActive');
    case 'maintenance':
      return t('games.statusMaintenance');
    case 'disabled':
      return t('games.statusDisabled');
  }
}

/**
 * Games and vendors of the brand as the lobby shows them: vendors (categories, order, hot, lobby,
 * maintenance, icon, launch and verification URLs) and their games (enable, order, hot, status,
 * icon). Marketing and admins change them; every change is audited by the server.
 */
export default function GamesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const canEdit = canAct(role, ['marketing']);
  const [draft, setDraft] = useState<GameFilter>({ vendorId: '', gameCategory: '', search: '' });
  const [filter, setFilter] = useState<GameFilter>(draft);
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [editing, setEditing] = useState<CatalogueVendor | null>(null);
  const [editingGame, setEditingGame] = useState<CatalogueGame | null>(null);

  const vendors = useQuery({
    queryKey: ['games', 'vendors'],
    queryFn: () => boApi<CatalogueVendor[]>('/bo/v1/games/vendors'),
  });
  const games = useQuery({
    queryKey: ['games', 'list', filter, page],
    queryFn: () =>
      boApi<CatalogueGamePage>('/bo/v1/games', { query: { ...filter, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'vendor'
        ? boApi(`/bo/v1/games/vendors/${change.id}`, { method: 'PUT', body: change.patch })
        : boApi(`/bo/v1/games/${change.id}`, { method: 'PUT', body: change.patch }),
    onSuccess: () => {
      setMessage({ ok: true, text: t('games.saved') });
      setEditing(null);
      setEditingGame(null);
      void queryClient.invalidateQueries({ queryKey: ['games'] });
    },
    onError: (error) => setMessage(failure(error)),
  });
  const vendor = (id: string, patch: CatalogueVendorPatch) => save.mutate({ kind: 'vendor', id, patch });
  const game = (id: string, patch: CatalogueGamePatch) => save.mutate({ kind: 'game', id, patch });

  const submitVendor = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const data = new FormData(event.currentTarget);
    const categories = GAME_CATEGORIES.filter((c) => data.get(`cat-${c}`) === 'on').map((c) => ({
      gameCategory: c,
      sortOrder: Number(text(data, `order-${c}`) || '0'),
    }));
    vendor(editing.id, {
      displayName: text(data, 'displayName'),
      smallIcon: text(data, 'smallIcon'),
      sortOrder: Number(text(data, 'sortOrder') || '0'),
      launchUrl: text(data, 'launchUrl'),
      verifyUrl: text(data, 'verifyUrl'),
      categories,
    });
  };
  const submitGame = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editingGame) return;
    const data = new FormData(event.currentTarget);
    game(editingGame.id, {
      sortOrder: Number(text(data, 'sortOrder') || '0'),
      icon: text(data, 'icon'),
      supportPlay: data.get('supportPlay') === 'on',
      isGame: data.get('isGame') === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
      nodeName: text(data, 'nodeName'),
      defaultPlayType: text(data, 'defaultPlayType'),
    });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const onOff = (value: boolean) => (value ? t('games.on') : t('games.off'));

  return (
    <section aria-labelledby="games-title">
      <h1 id="games-title">{t('games.title')}</h1>
      <ActionMessage message={message} />
      <h2>{t('games.vendors')}</h2>
      <QueryState loading={vendors.isPending} error={vendors.error} />
      {vendors.data && (
        <DataTable
          headers={[
            t('games.vendor'),
            t('games.categories'),
            t('games.order'),
            t('games.hot'),
            t('games.lobby'),
            t('games.maintenance'),
            t('games.gameCount'),
            canEdit && t('games.actions'),
          ]}
        >
          {vendors.data.map((v) => (
            <tr key={v.id} data-testid={`bo-vendor-${v.code}`}>
              <td>
                <span className="game-name">
                  {v.smallIcon ? <img src={v.smallIcon} alt="" width={28} height={28} /> : null}
                  <span>
                    {v.displayName || v.name}
                    <br />
                    <small>
                      {v.code}
                      {v.active ? '' : ` · ${t('games.apiOff')}`}
                    </small>
                  </span>
                </span>
              </td>
              <td>{v.categories.map((c) => c.gameCategory).join(', ') || '—'}</td>
              <td className="num">{v.sortOrder}</td>
              <td>{onOff(v.isHot)}</td>
              <td>{onOff(v.lobbyEnabled)}</td>
              <td>{onOff(v.maintenance)}</td>
              <td className="num">{v.gameCount}</td>
              {canEdit ? (
                <td className="actions">
                  <RowAction onClick={() => vendor(v.id, { isHot: !v.isHot })}>
                    {v.isHot ? t('games.unsetHot') : t('games.setHot')}
                  </RowAction>
                  <RowAction onClick={() => vendor(v.id, { lobbyEnabled: !v.lobbyEnabled })}>
                    {v.lobbyEnabled ? t('games.hide') : t('games.show')}
                  </RowAction>
                  <RowAction onClick={() => vendor(v.id, { maintenance: !v.maintenance })}>
                    {v.maintenance ? t('games.endMaintenance') : t('games.startMaintenance')}
                  </RowAction>
                  <RowAction onClick={() => setEditing(v)}>{t('games.edit')}</RowAction>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}

      <h2>{t('games.games')}</h2>
      <form className="toolbar" onSubmit={apply}>
        <SelectField
          id="games-vendor"
          label={t('games.vendor')}
          value={draft.vendorId}
          all={t('games.allVendors')}
          options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.displayName || v.name }))}
          onChange={(vendorId) => setDraft({ ...draft, vendorId })}
        />
        <SelectField<GameCategory>
          id="games-category"
          label={t('games.category')}
          value={draft.gameCategory}
          all={t('games.allCategories')}
          options={GAME_CATEGORIES}
          onChange={(gameCategory) => setDraft({ ...draft, gameCategory })}
        />
        <label htmlFor="games-search">{t('games.search')}</label>
        <input
          id="games-search"
          value={draft.search}
          maxLength={64}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <button type="submit">{t('common.search')}</button>
      </form>
      <QueryState loading={games.isPending} error={games.error} />
      {games.data && (
        <>
          <DataTable
            headers={[
              t('games.game'),
              t('games.vendor'),
              t('games.category'),
              t('games.minBet'),
              t('games.lines'),
              t('games.order'),
              t('games.status'),
              t('games.enabled'),
              t('games.hot'),
              canEdit && t('games.actions'),
            ]}
          >
            {games.data.items.map((g) => (
              <tr key={g.id} data-testid={`bo-game-${g.code}`}>
                <td>
                  <span className="game-name">
                    {g.icon ? <img src={g.icon} alt="" width={36} height={36} /> : null}
                    <span>
                      {g.nameEn}
                      <br />
                      <small>
                        {g.code} · {g.nameCn || g.nameMs}
                      </small>
                    </span>
                  </span>
                </td>
                <td>{g.vassalage}</td>
                <td>
                  {g.gameCategory}
                  {g.gameType ? ` · ${g.gameType}` : ''}
                </td>
                <td className="num">{formatAmount(g.minBet)}</td>
                <td className="num">{g.lines}</td>
                <td className="num">{g.sortOrder}</td>
                <td>{statusText(t, g.status)}</td>
                <td>{onOff(g.enabled)}</td>
                <td>{onOff(g.isHot)}</td>
                {canEdit ? (
                  <td className="actions">
                    <RowAction onClick={() => game(g.id, { enabled: !g.enabled })}>
                      {g.enabled ? t('games.disable') : t('games.enable')}
                    </RowAction>
                    <RowAction onClick={() => game(g.id, { isHot: !g.isHot })}>
                      {g.isHot ? t('games.unsetHot') : t('games.setHot')}
                    </RowAction>
                    <RowAction
                      onClick={() =>
                        game(g.id, { status: g.status === 'maintenance' ? 'active' : 'maintenance' })
                      }
                    >
                      {g.status === 'maintenance' ? t('games.endMaintenance') : t('games.startMaintenance')}
                    </RowAction>
                    <RowAction onClick={() => setEditingGame(g)}>{t('games.edit')}</RowAction>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={PAGE_SIZE} total={games.data.total} onPage={setPage} />
        </>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('games.editVendor', { code: editing?.code ?? '' })}
      >
        {editing ? (
          <form onSubmit={submitVendor} data-testid="bo-vendor-form">
            <div className="field">
              <label htmlFor="gv-name">{t('games.displayName')}</label>
              <input
                id="gv-name"
                name="displayName"
                required
                maxLength={64}
                defaultValue={editing.displayName}
              />
            </div>
            <div className="field">
              <label htmlFor="gv-icon">{t('games.icon')}</label>
              <input id="gv-icon" name="smallIcon" maxLength={300} defaultValue={editing.smallIcon} />
            </div>
            <div className="field">
              <label htmlFor="gv-order">{t('games.order')}</label>
              <input id="gv-order" name="sortOrder" type="number" min={0} defaultValue={editing.sortOrder} />
            </div>
            <div className="field">
              <label htmlFor="gv-launch">{t('games.launchUrl')}</label>
              <input id="gv-launch" name="launchUrl" maxLength={500} defaultValue={editing.launchUrl} />
            </div>
            <div className="field">
              <label htmlFor="gv-verify">{t('games.verifyUrl')}</label>
              <input id="gv-verify" name="verifyUrl" maxLength={500} defaultValue={editing.verifyUrl} />
            </div>
            <fieldset className="placements">
              <legend>{t('games.categories')}</legend>
              {GAME_CATEGORIES.map((c) => {
                const placed = editing.categories.find((p) => p.gameCategory === c);
                return (
                  <div key={c} className="placement">
                    <label>
                      <input type="checkbox" name={`cat-${c}`} defaultChecked={!!placed} /> {c}
                    </label>
                    <label className="visually-hidden" htmlFor={`gv-order-${c}`}>
                      {t('games.categoryOrder', { category: c })}
                    </label>
                    <input
                      id={`gv-order-${c}`}
                      name={`order-${c}`}
                      type="number"
                      min={0}
                      defaultValue={placed?.sortOrder ?? 0}
                    />
                  </div>
                );
              })}
            </fieldset>
            <button type="submit" disabled={save.isPending}>
              {t('games.save')}
            </button>
          </form>
        ) : null}
      </Dialog>
      <Dialog
        open={editingGame !== null}
        onOpenChange={(open) => !open && setEditingGame(null)}
        title={t('games.editGame', { name: editingGame?.nameEn ?? '' })}
      >
        {editingGame ? (
          <form onSubmit={submitGame} data-testid="bo-game-form">
            <div className="field">
              <label htmlFor="gg-order">{t('games.order')}</label>
              <input
                id="gg-order"
                name="sortOrder"
                type="number"
                min={0}
                defaultValue={editingGame.sortOrder}
              />
            </div>
            <div className="field">
              <label htmlFor="gg-icon">{t('games.icon')}</label>
              <input id="gg-icon" name="icon" maxLength={300} defaultValue={editingGame.icon} />
            </div>
            <label>
              <input type="checkbox" name="supportPlay" defaultChecked={editingGame.supportPlay} />{' '}
              {t('games.supportPlay')}
            </label>
            <div className="field">
              <label htmlFor="gg-is-game">{t('games.isGame')}</label>
              <select id="gg-is-game" name="isGame" defaultValue={editingGame.isGame}>
                <option value="GAME">{t('games.isGameGame')}</option>
                <option value="VASSALAGE">{t('games.isGameVassalage')}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="gg-node">{t('games.nodeName')}</label>
              <input id="gg-node" name="nodeName" maxLength={64} defaultValue={editingGame.nodeName} />
            </div>
            <div className="field">
              <label htmlFor="gg-play-type">{t('games.defaultPlayType')}</label>
              <input
                id="gg-play-type"
                name="defaultPlayType"
                maxLength={40}
                pattern="[a-z0-9-]*"
                defaultValue={editingGame.defaultPlayType}
              />
            </div>
            <p>
              <button type="submit" disabled={save.isPending}>
                {t('games.save')}
              </button>
            </p>
          </form>
        ) : null}
      </Dialog>
    </section>
  );
}
