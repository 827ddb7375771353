import type { MemberMission } from '@lotus/contracts/missions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useClaimMission, useMissionLeaderboard, useMissionSummary } from '../api/missions.ts';
import './missions.css';

type T = ReturnType<typeof useTranslation>['t'];

function periodLabel(t: T, period: MemberMission['period']): string {
  if (period === 'daily') return t('missions.daily');
  if (period === 'weekly') return t('missions.weekly');
  return t('missions.once');
}

/** Progress as a share of the target (amounts and day counts are decimal text). */
function share(mission: MemberMission): number {
  const target = Number(mission.target);
  if (!(target > 0)) return 0;
  return Math.min(100, Math.round((Number(mission.progress) / target) * 100));
}

/** Member-centre missionLeaderboard: the member's missions with their progress and claims, and the board. */
export function MissionLeaderboardPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const summary = useMissionSummary();
  const claim = useClaimMission();
  const [period, setPeriod] = useState<'daily' | 'weekly'>('daily');
  const board = useMissionLeaderboard(period);
  const [status, setStatus] = useState<Status>(null);

  if (summary.isPending) return <Spinner />;
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const { missions } = summary.data;

  return (
    <div className="missions-page" data-testid="missions-page">
      <h2 className="missions-page__title">{t('missions.title')}</h2>
      <StatusLine status={status} />
      {missions.length === 0 ? (
        <EmptyState title={t('missions.none')} />
      ) : (
        <ul className="missions">
          {missions.map((mission) => (
            <li key={mission.id} className="mission" data-testid={`mission-${mission.id}`}>
              <div className="mission__head">
                <span className="mission__name">{mission.name}</span>
                <span className="mission__period">{periodLabel(t, mission.period)}</span>
              </div>
              {mission.description ? <p className="mission__description">{mission.description}</p> : null}
              <progress className="mission__bar" max={100} value={share(mission)} aria-label={mission.name} />
              <div className="mission__foot">
                <span>
                  {mission.kind === 'login_days'
                    ? t('missions.days', { progress: mission.progress, target: mission.target })
                    : t('missions.amounts', {
                        progress: money(mission.progress),
                        target: money(mission.target),
                      })}
                </span>
                <span>{t('missions.reward', { reward: money(mission.reward) })}</span>
              </div>
              {mission.claimed ? (
                <span className="mission__claimed">{t('missions.claimed')}</span>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={!mission.completed || claim.isPending}
                  onClick={() =>
                    claim.mutate(mission.id, {
                      onSuccess: (paid) =>
                        setStatus({ ok: true, text: t('missions.paid', { reward: money(paid.reward) }) }),
                      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
                    })
                  }
                >
                  {t('missions.claim')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      <section className="missions-board" aria-labelledby="missions-board-title">
        <h3 id="missions-board-title" className="missions-page__subtitle">
          {t('missions.leaderboard')}
        </h3>
        <div className="missions-board__tabs">
          {(['daily', 'weekly'] as const).map((p) => (
            <button
              key={p}
              type="button"
              className={`button ${p === period ? 'button--primary' : 'button--ghost'}`}
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
            >
              {periodLabel(t, p)}
            </button>
          ))}
        </div>
        {board.isPending ? (
          <Spinner />
        ) : board.isError ? (
          <QueryError error={board.error} onRetry={() => void board.refetch()} />
        ) : board.data.items.length === 0 ? (
          <p className="missions-board__empty">{t('missions.boardEmpty')}</p>
        ) : (
          <ol className="missions-board__list" data-testid="missions-board">
            {board.data.items.map((item) => (
              <li
                key={item.rank}
                className={`missions-board__row${item.me ? ' missions-board__row--me' : ''}`}
              >
                <span className="missions-board__rank">{item.rank}</span>
                <span className="missions-board__name">
                  {item.me ? t('missions.me', { name: item.name }) : item.name}
                </span>
                <span className="missions-board__count">
                  {t('missions.completed', { count: item.completed })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
