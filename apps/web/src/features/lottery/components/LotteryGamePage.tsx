import type { BetRefusal, GamePlays, LotteryGame, LotteryOrder, OpenNumero } from '@lotus/contracts/lottery';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToLobby } from '../../../components/ui/BackToLobby.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { openModal } from '../../../lib/modals.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useMoney } from '../../../lib/use-money.ts';
import {
  useCancelOrder,
  useGamePlays,
  useLotteryMenu,
  useOpenedNumeros,
  usePlaceBet,
  useResults,
  useTodayOrders,
} from '../api/lottery.ts';
import { chaseField, planChase } from '../lib/chase.ts';
import { serverNow } from '../lib/server-clock.ts';
import { betRequest, cartProblem, cartTotal, type Slip } from '../lib/slip.ts';
import { ChasePlanner, chaseInputOf, INITIAL_CHASE } from './ChasePlanner.tsx';
import { Chases } from './Chases.tsx';
import { familyLabel, orderStatusLabel, playName, prizeModeLabel } from './labels.ts';
import { OrderDetailDialog } from './OrderDetailDialog.tsx';
import { PlayPicker } from './PlayPicker.tsx';
import { Countdown } from './parts.tsx';
import { ResultList } from './ResultList.tsx';
import { TrendTable } from './TrendTable.tsx';
import './lottery.css';

const signedInNow = () => !!getSession().token;

/**
 * A lottery game's betting page (/lottery?gameCode=): its current numero with the countdown to its
 * close, the play types with their odds, the number picker, the bet slip and the order, the
 * member's orders of today for the game, and the latest results with their provably fair seeds.
 */
export function LotteryGamePage({ gameCode, playType }: { gameCode: string; playType?: string }) {
  const { t, i18n } = useTranslation();
  useErrorCatalogue();
  const menu = useLotteryMenu(i18n.language);
  if (menu.isPending) return <Spinner />;
  if (menu.isError) return <QueryError error={menu.error} onRetry={() => void menu.refetch()} />;
  const game = menu.data.groups.flatMap((group) => group.games).find((g) => g.code === gameCode);
  if (!game) {
    return (
      <div className="lottery-game">
        <EmptyState title={t('lottery.gameNotFound')}>
          <BackToLobby to={paths.lottery.to()} />
        </EmptyState>
      </div>
    );
  }
  return <GameBoard key={game.gameId} game={game} playType={playType} />;
}

function GameBoard({ game, playType }: { game: LotteryGame; playType?: string }) {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const [prizeMode, setPrizeMode] = useState<string | undefined>(undefined);
  const [board, setBoard] = useState<'results' | 'trends'>('results');
  const opened = useOpenedNumeros(game.gameId);
  const plays = useGamePlays(game.gameId, prizeMode);
  const results = useResults(game.gameId);
  const current = opened.data?.numeros[0] ?? null;

  return (
    <div className="lottery-game" data-testid="lottery-game" data-game={game.code}>
      <div className="lottery-game__top">
        <BackToLobby to={paths.lottery.to()} className="lottery-back" />
        <h1 className="lottery-game__title">{game.name}</h1>
        <p className="lottery-muted">{familyLabel(t, game.family)}</p>
      </div>
      <section className="lottery-panel lottery-current" aria-label={t('lottery.currentNumero')}>
        {opened.isPending ? (
          <Spinner />
        ) : current ? (
          <>
            <span className="lottery-current__numero" data-testid="lottery-current-numero">
              {t('lottery.numero', { numero: current.numero })}
            </span>
            <Countdown numero={current} />
            {current.seedHash ? (
              <details className="lottery-fair lottery-fair--current">
                <summary>{t('lottery.fairness')}</summary>
                <p className="lottery-hash lottery-hash--small">
                  <span>{t('lottery.seedHash')}</span> <code>{current.seedHash}</code>
                </p>
              </details>
            ) : null}
          </>
        ) : (
          <span>{t('lottery.noOpenNumero')}</span>
        )}
      </section>
      {plays.isPending ? (
        <Spinner />
      ) : plays.isError ? (
        <QueryError error={plays.error} onRetry={() => void plays.refetch()} />
      ) : (
        <Betting
          game={game}
          plays={plays.data}
          current={current}
          signedIn={signedIn}
          playType={playType}
          onPrizeMode={setPrizeMode}
        />
      )}
      {signedIn ? <Orders game={game} current={current} /> : null}
      {signedIn ? <Chases game={game} /> : null}
      <section className="lottery-panel" aria-labelledby="lottery-results-title">
        <h2 id="lottery-results-title" className="lottery-panel__title">
          {t('lottery.results')}
        </h2>
        <fieldset className="lottery-modes">
          <legend className="visually-hidden">{t('lottery.trends.view')}</legend>
          <button
            type="button"
            className="lottery-chip"
            aria-pressed={board === 'results'}
            onClick={() => setBoard('results')}
          >
            {t('lottery.trends.latest')}
          </button>
          <button
            type="button"
            className="lottery-chip"
            aria-pressed={board === 'trends'}
            onClick={() => setBoard('trends')}
            data-testid="lottery-trends-tab"
          >
            {t('lottery.trends.title')}
          </button>
        </fieldset>
        {board === 'trends' ? (
          <TrendTable gameId={game.gameId} />
        ) : results.isPending ? (
          <Spinner />
        ) : results.isError ? (
          <QueryError error={results.error} onRetry={() => void results.refetch()} />
        ) : (
          <ResultList items={results.data.items} />
        )}
      </section>
    </div>
  );
}

function refusalText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  const text = errorText(error);
  if (error instanceof ApiError && error.value && typeof error.value === 'object') {
    const refusal = error.value as Partial<BetRefusal>;
    if (typeof refusal.slipIndex === 'number')
      return `${text} (${t('lottery.slipNumber', { n: refusal.slipIndex + 1 })})`;
  }
  return text;
}

function Betting({
  game,
  plays,
  current,
  signedIn,
  playType,
  onPrizeMode,
}: {
  game: LotteryGame;
  plays: GamePlays;
  current: OpenNumero | null;
  signedIn: boolean;
  playType?: string;
  onPrizeMode: (mode: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [slips, setSlips] = useState<Slip[]>([]);
  const [status, setStatus] = useState<Status>(null);
  const [chase, setChase] = useState(INITIAL_CHASE);
  // One id per intended order: a double press or a retry of the same cart places it once.
  const requestId = useRef(crypto.randomUUID());
  const place = usePlaceBet();
  const currency = plays.currency;
  const maxOrder = parseAmount(plays.maxOrder, currency) ?? 0n;
  const total = cartTotal(slips);
  const format = (minor: bigint) => money(formatAmount(minor, currency));
  const chaseInput = useMemo(() => chaseInputOf(chase), [chase]);
  const chasePlan = useMemo(() => {
    if (!chase.on || slips.length === 0) return null;
    if (!chaseInput) return 'invalid' as const;
    return planChase(slips, plays, chaseInput, {
      maxOrder,
      maxSlip: (playId) =>
        parseAmount(plays.plays.find((p) => p.playId === playId)?.maxSlip ?? '0', currency) ?? 0n,
    });
  }, [chase.on, chaseInput, slips, plays, maxOrder, currency]);

  const changeCart = (next: Slip[]) => {
    setSlips(next);
    setStatus(null);
    requestId.current = crypto.randomUUID();
  };

  const submit = () => {
    if (!signedIn) {
      openModal({ name: 'login' });
      return;
    }
    const problem = cartProblem(slips, maxOrder);
    if (problem) {
      setStatus({
        ok: false,
        text:
          problem.reason === 'empty'
            ? t('lottery.slipEmpty')
            : problem.reason === 'too-many-slips'
              ? t('lottery.tooManySlips', { max: problem.limit })
              : t('lottery.orderAboveMax', { max: format(problem.limit) }),
      });
      return;
    }
    if (chase.on && (chasePlan === null || chasePlan === 'invalid' || !chasePlan.ok || !chaseInput)) {
      setStatus({ ok: false, text: t('lottery.chase.fixPlan') });
      return;
    }
    if (!current || current.closeAt <= serverNow()) {
      setStatus({ ok: false, text: t('lottery.noOpenNumero') });
      return;
    }
    if (current.openAt > serverNow()) {
      setStatus({ ok: false, text: t('lottery.notOpenYet', { numero: current.numero }) });
      return;
    }
    const request = betRequest({
      requestId: requestId.current,
      gameId: game.gameId,
      numero: current.numero,
      prizeMode: plays.prizeMode,
      currency,
      slips,
    });
    place.mutate(
      chase.on && chaseInput
        ? {
            ...request,
            chase: chaseField(chaseInput),
            orderType: 'chase',
            winningStop: chase.winningStop,
            abandoning: chase.abandoning,
          }
        : request,
      {
        onSuccess: (placed) => {
          setSlips([]);
          requestId.current = crypto.randomUUID();
          setStatus({
            ok: true,
            text: placed.chase
              ? t('lottery.chase.placed', {
                  order: placed.order.orderNumber,
                  numero: placed.order.numero,
                  count: placed.chase.steps.length,
                })
              : t('lottery.placed', { order: placed.order.orderNumber, numero: placed.order.numero }),
          });
        },
        onError: (error) => setStatus({ ok: false, text: refusalText(t, error) }),
      },
    );
  };

  return (
    <>
      {plays.prizeModes.length > 1 ? (
        <fieldset className="lottery-modes">
          <legend className="lottery-muted">{t('lottery.prizeMode')}</legend>
          {plays.prizeModes.map((mode) => (
            <button
              key={mode}
              type="button"
              className="lottery-chip"
              aria-pressed={mode === plays.prizeMode}
              onClick={() => onPrizeMode(mode)}
            >
              {prizeModeLabel(t, mode)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <PlayPicker
        plays={plays}
        initialPlay={playType}
        onAdd={(slip) => changeCart([...slips, slip])}
        format={format}
      />
      <section
        className="lottery-panel lottery-slip"
        aria-labelledby="lottery-slip-title"
        data-testid="lottery-slip"
      >
        <h2 id="lottery-slip-title" className="lottery-panel__title">
          {t('lottery.betSlip')}
        </h2>
        {slips.length === 0 ? (
          <p className="lottery-muted">{t('lottery.slipEmpty')}</p>
        ) : (
          <ul className="lottery-slip__list">
            {slips.map((slip) => {
              const code = plays.plays.find((p) => p.playId === slip.playId)?.playCode ?? String(slip.playId);
              return (
                <li key={slip.key} className="lottery-slip__item" data-testid="lottery-slip-item">
                  <span className="lottery-slip__play">{playName(t, code)}</span>
                  <span className="lottery-slip__balls">{slip.balls.replaceAll('|', ' | ')}</span>
                  <span className="lottery-muted">
                    {t('lottery.slipLine', {
                      combinations: slip.combinations.toString(),
                      unit: format(slip.unit),
                      multiple: slip.multiple.toString(),
                    })}
                  </span>
                  <span className="lottery-slip__amount">{format(slip.amount)}</span>
                  <button
                    type="button"
                    className="button button--ghost lottery-slip__remove"
                    onClick={() => changeCart(slips.filter((s) => s.key !== slip.key))}
                  >
                    {t('lottery.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="lottery-slip__total">
          {t('lottery.total')} <strong data-testid="lottery-slip-total">{format(total)}</strong>
        </p>
        <ChasePlanner
          form={chase}
          onChange={(next) => {
            setChase(next);
            setStatus(null);
            requestId.current = crypto.randomUUID();
          }}
          plan={chasePlan}
          format={format}
        />
        <div className="lottery-slip__actions">
          {slips.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={() => changeCart([])}>
              {t('lottery.clear')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            onClick={submit}
            disabled={place.isPending}
            data-testid="lottery-place-bet"
          >
            {place.isPending ? t('lottery.placing') : t('lottery.placeBet')}
          </button>
        </div>
        <StatusLine status={status} />
      </section>
    </>
  );
}

function Orders({ game, current }: { game: LotteryGame; current: OpenNumero | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const orders = useTodayOrders(game.gameId, true);
  const cancel = useCancelOrder();
  const [status, setStatus] = useState<Status>(null);
  const [shown, setShown] = useState<string | null>(null);
  const cancellable = (order: LotteryOrder) =>
    order.status === 'placed' && current !== null && order.numero === current.numero;

  return (
    <section className="lottery-panel" aria-labelledby="lottery-orders-title">
      <h2 id="lottery-orders-title" className="lottery-panel__title">
        {t('lottery.myOrders')}
      </h2>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <p className="lottery-muted">{t('lottery.noOrders')}</p>
      ) : (
        <ul className="lottery-orders" data-testid="lottery-orders">
          {orders.data.items.map((order) => (
            <li
              key={order.orderId}
              className="lottery-order"
              data-testid="lottery-order"
              data-status={order.status}
              data-numero={order.numero}
            >
              <div className="lottery-order__head">
                <span className="lottery-order__numero">{t('lottery.numero', { numero: order.numero })}</span>
                <span className={`lottery-status lottery-status--${order.status}`}>
                  {orderStatusLabel(t, order.status)}
                </span>
              </div>
              <dl className="lottery-order__facts">
                <div>
                  <dt>{t('lottery.orderNumber')}</dt>
                  <dd>{order.orderNumber}</dd>
                </div>
                <div>
                  <dt>{t('lottery.stake')}</dt>
                  <dd data-testid="lottery-order-amount">{money(order.amount)}</dd>
                </div>
                <div>
                  <dt>{t('lottery.payout')}</dt>
                  <dd data-testid="lottery-order-payout">
                    {order.status === 'placed' ? '-' : money(order.payout)}
                  </dd>
                </div>
              </dl>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setShown(order.orderId)}
                aria-label={t('lottery.detail.openOrder', { order: order.orderNumber })}
                data-testid="lottery-order-details"
              >
                {t('lottery.detail.open')}
              </button>
              {cancellable(order) ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(order.orderId, {
                      onSuccess: () => setStatus({ ok: true, text: t('lottery.cancelled') }),
                      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
                    })
                  }
                >
                  {t('lottery.cancelOrder')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <StatusLine status={status} />
      <OrderDetailDialog orderId={shown} onClose={() => setShown(null)} />
    </section>
  );
}
