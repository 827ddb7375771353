import type { Game } from '@lotus/contracts/games';
import type { GameCategory, VendorCard } from '@lotus/contracts/system';
import { createElement, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { openModal } from '../../../lib/modals.ts';
import {
  type GameFilter,
  useFavoriteGames,
  useGameList,
  useGameTypes,
  useRecentGames,
  useToggleFavorite,
} from '../api/games.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useLiveLobby } from '../api/live-lobby.ts';
import { CATEGORY_ICON, categoryLabel } from '../lib/categories.ts';
import { usePlay } from '../lib/play.ts';
import { useLobbySession } from '../lib/signed-in.ts';
import { GameGrid } from './GameGrid.tsx';
import './games.css';

type View = 'all' | 'hot' | 'favorites' | 'recent';
const VIEWS: readonly View[] = ['all', 'hot', 'favorites', 'recent'];
/** Minimum-bet filter choices: games whose minimum bet is at most the amount. */
const MIN_BETS = ['0.10', '0.50', '1.00', '5.00'] as const;
const MIN_LINES = [5, 20, 50, 243] as const;
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function viewLabel(t: (key: string) => string, view: View): string {
  switch (view) {
    case 'all':
      return t('games.viewAll');
    case 'hot':
      return t('games.viewHot');
    case 'favorites':
      return t('games.viewFavorites');
    case 'recent':
      return t('games.viewRecent');
  }
}

/**
 * A category page (/rng?page=<vendor>, /live, /fish, /pvp, /sports, /seamless): its vendors as
 * tabs (from game_menus, in the brand's order), the views all / hot / favourites / recent, name
 * search and filters, and the game grid with infinite scroll. A category without vendors shows a
 * friendly empty state.
 */
export function CategoryPage({
  categories,
  title: customTitle,
  allCategories = false,
}: {
  categories: readonly GameCategory[];
  title?: string;
  /** Several categories in one page (/seamless): an "all" choice first. */
  allCategories?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const selectedVendor = params.get('page') ?? '';
  const menus = useGameMenus();
  const { signedIn } = useLobbySession();
  const play = usePlay();
  const toggle = useToggleFavorite();
  const types = useGameTypes();
  const primary = categories[0] as GameCategory;
  const liveStates = useLiveLobby(categories.includes('LIVE'));
  const title = customTitle ?? categoryLabel(t, primary);

  const shown = useMemo(
    () => (menus.data ?? []).filter((m) => categories.includes(m.gameCategory)),
    [menus.data, categories],
  );
  const withVendors = shown.filter((m) => m.vendors.length > 0);
  const [chosen, setChosen] = useState<GameCategory | 'all'>(allCategories ? 'all' : primary);
  const category: GameCategory | undefined =
    chosen === 'all'
      ? undefined
      : categories.length > 1 && !withVendors.some((m) => m.gameCategory === chosen)
        ? withVendors[0]?.gameCategory
        : chosen;
  const [view, setView] = useState<View>('all');
  const [search, setSearch] = useState('');
  const [minBet, setMinBet] = useState('');
  const [minLines, setMinLines] = useState(0);
  const [gameType, setGameType] = useState('');
  const gameName = useDebounced(search, SEARCH_DELAY_MS);

  const vendors = useMemo(() => {
    const byCode = new Map<string, VendorCard>();
    for (const menu of shown) {
      if (category && menu.gameCategory !== category) continue;
      for (const v of menu.vendors) if (!byCode.has(v.vassalage)) byCode.set(v.vassalage, v);
    }
    return [...byCode.values()];
  }, [shown, category]);
  const vendor = vendors.some((v) => v.vassalage === selectedVendor) ? selectedVendor : '';

  const typeOptions = useMemo(() => {
    const found = new Set<string>();
    for (const [cat, byVendor] of Object.entries(types.data?.content ?? {})) {
      if (category && cat !== category) continue;
      if (!categories.includes(cat as GameCategory)) continue;
      for (const [code, list] of Object.entries(byVendor)) {
        if (!vendor || code === vendor) for (const type of list) found.add(type);
      }
    }
    return [...found].sort();
  }, [types.data, category, categories, vendor]);

  const filter: GameFilter = {
    ...(category ? { category } : {}),
    ...(vendor ? { vendor } : {}),
    ...(gameName.trim() ? { gameName: gameName.trim() } : {}),
    ...(minBet ? { minBet } : {}),
    ...(minLines ? { minLineNum: minLines } : {}),
    ...(gameType ? { gameType } : {}),
    ...(view === 'hot' ? { isHot: true } : {}),
  };
  const list = useGameList(filter, signedIn, view === 'all' || view === 'hot');
  const favorites = useFavoriteGames(category, view === 'favorites' && signedIn);
  const recent = useRecentGames(view === 'recent' && signedIn);

  const onFavorite = (game: Game) => {
    if (!signedIn) {
      openModal({ name: 'login' });
      return;
    }
    toggle.mutate({ gameId: game.id, favorite: !game.isFavorite });
  };
  const chooseVendor = (code: string) => {
    const next = new URLSearchParams(params);
    if (code) next.set('page', code);
    else next.delete('page');
    setParams(next, { replace: true });
  };

  if (menus.isPending) return <Spinner />;
  if (menus.isError) return <QueryError error={menus.error} onRetry={() => menus.refetch()} />;

  const hero = (
    <header className="category-page__hero">
      <span className="category-page__icon" aria-hidden="true">
        {createElement(CATEGORY_ICON[category ?? primary])}
      </span>
      <div>
        <h1 id={`${id}-title`} className="page__title">
          {title}
        </h1>
        <p className="page__lead">
          {vendor
            ? t('games.vendorSelected', {
                vendor: vendors.find((v) => v.vassalage === vendor)?.displayName ?? vendor,
              })
            : t('games.categoryLead')}
        </p>
      </div>
    </header>
  );

  if (withVendors.length === 0) {
    return (
      <section className="page category-page" aria-labelledby={`${id}-title`}>
        {hero}
        <EmptyState title={t('games.noGamesYet')}>
          <p>{t('games.noGamesYetHint')}</p>
          <Link className="button button--primary" to={paths.rng.to()}>
            {t('games.browseSlots')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  const needsLogin = (view === 'favorites' || view === 'recent') && !signedIn;
  let games: Game[] = [];
  let pending = false;
  let failed: unknown = null;
  let retry = () => {};
  let hasMore = false;
  let loadingMore = false;
  let loadMore = () => {};
  let empty = t('games.noMatch');
  if (view === 'favorites') {
    games = (favorites.data?.pages ?? [])
      .flatMap((p) => p.games)
      .filter((g) => !vendor || g.vassalage === vendor);
    pending = favorites.isPending;
    failed = favorites.error;
    retry = () => void favorites.refetch();
    hasMore = favorites.hasNextPage;
    loadingMore = favorites.isFetchingNextPage;
    loadMore = () => void favorites.fetchNextPage();
    empty = t('games.favoritesEmpty');
  } else if (view === 'recent') {
    games = (recent.data?.games ?? []).filter(
      (g) => (!category || g.gameCategory === category) && (!vendor || g.vassalage === vendor),
    );
    pending = recent.isPending;
    failed = recent.error;
    retry = () => void recent.refetch();
    empty = t('games.recentEmpty');
  } else {
    games = (list.data?.pages ?? []).flatMap((p) => p.games);
    pending = list.isPending;
    failed = list.error;
    retry = () => void list.refetch();
    hasMore = list.hasNextPage;
    loadingMore = list.isFetchingNextPage;
    loadMore = () => void list.fetchNextPage();
  }
  const total = view === 'all' || view === 'hot' ? list.data?.pages[0]?.total : undefined;

  return (
    <section className="page category-page" aria-labelledby={`${id}-title`}>
      {hero}
      {categories.length > 1 ? (
        <fieldset className="lobby-tabs">
          <legend className="visually-hidden">{t('games.categories')}</legend>
          {allCategories ? (
            <button
              type="button"
              className="lobby-tab"
              aria-pressed={chosen === 'all'}
              onClick={() => setChosen('all')}
            >
              {t('games.allCategories')}
            </button>
          ) : null}
          {withVendors.map((m) => (
            <button
              key={m.gameCategory}
              type="button"
              className="lobby-tab"
              aria-pressed={category === m.gameCategory}
              onClick={() => setChosen(m.gameCategory)}
            >
              {categoryLabel(t, m.gameCategory)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <nav className="lobby-tabs lobby-tabs--vendors" aria-label={t('games.providers')}>
        <button
          type="button"
          className="lobby-tab"
          aria-pressed={vendor === ''}
          onClick={() => chooseVendor('')}
        >
          {t('games.allProviders')}
        </button>
        {vendors.map((v) => (
          <button
            key={v.vassalage}
            type="button"
            className="lobby-tab lobby-tab--vendor"
            aria-pressed={vendor === v.vassalage}
            onClick={() => chooseVendor(v.vassalage)}
          >
            {v.smallIcon ? <img src={v.smallIcon} alt="" width="22" height="22" /> : null}
            {v.displayName}
          </button>
        ))}
      </nav>
      <div className="lobby-toolbar">
        <fieldset className="lobby-tabs">
          <legend className="visually-hidden">{t('games.views')}</legend>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className="lobby-tab"
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {viewLabel(t, v)}
            </button>
          ))}
        </fieldset>
        <div className="lobby-filters">
          <div className="field lobby-filters__search">
            <label className="visually-hidden" htmlFor={`${id}-search`}>
              {t('games.search')}
            </label>
            <input
              id={`${id}-search`}
              className="input"
              type="search"
              placeholder={t('games.searchPlaceholder')}
              value={search}
              maxLength={64}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-bet`}>
              {t('games.minBet')}
            </label>
            <select
              id={`${id}-bet`}
              className="input"
              value={minBet}
              onChange={(e) => setMinBet(e.target.value)}
            >
              <option value="">{t('games.any')}</option>
              {MIN_BETS.map((amount) => (
                <option key={amount} value={amount}>
                  {t('games.upTo', { amount })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-lines`}>
              {t('games.lines')}
            </label>
            <select
              id={`${id}-lines`}
              className="input"
              value={minLines}
              onChange={(e) => setMinLines(Number(e.target.value))}
            >
              <option value={0}>{t('games.any')}</option>
              {MIN_LINES.map((lines) => (
                <option key={lines} value={lines}>
                  {t('games.linesAtLeast', { count: lines })}
                </option>
              ))}
            </select>
          </div>
          {typeOptions.length > 1 ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-type`}>
                {t('games.gameType')}
              </label>
              <select
                id={`${id}-type`}
                className="input"
                value={gameType}
                onChange={(e) => setGameType(e.target.value)}
              >
                <option value="">{t('games.any')}</option>
                {typeOptions.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      </div>
      {total !== undefined ? (
        <p className="lobby-count" aria-live="polite">
          {t('games.count', { count: total })}
        </p>
      ) : null}
      {needsLogin ? (
        <EmptyState title={t('games.loginForLists')}>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openModal({ name: 'login' })}
          >
            {t('games.login')}
          </button>
        </EmptyState>
      ) : pending ? (
        <Spinner />
      ) : failed ? (
        <QueryError error={failed} onRetry={retry} />
      ) : games.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <GameGrid
          games={games}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          label={t('games.gridLabel', { category: title })}
          onPlay={(game, options) => play(game, options)}
          onFavorite={onFavorite}
          live={liveStates}
        />
      )}
    </section>
  );
}
