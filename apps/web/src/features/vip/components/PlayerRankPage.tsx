import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useRankProgress, useVipLevels } from '../api/vip.ts';
import { RankProgress } from './RankProgress.tsx';
import { VipLadder } from './VipLadder.tsx';
import './vip.css';

/** playerRank (member centre): the member's rank and progress, then the brand's levels. */
export function PlayerRankPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const progress = useRankProgress();
  const levels = useVipLevels();
  if (progress.isPending) return <Spinner />;
  if (!progress.data)
    return (
      <p className="records-note" role="alert">
        {errorText(progress.error)}
      </p>
    );
  return (
    <div data-testid="player-rank">
      <RankProgress progress={progress.data} />
      {levels.data ? (
        <VipLadder levels={levels.data.levels} current={progress.data.rankLevel} />
      ) : levels.isPending ? (
        <Spinner />
      ) : (
        <p role="alert">{t('vip.levelsUnavailable')}</p>
      )}
    </div>
  );
}
