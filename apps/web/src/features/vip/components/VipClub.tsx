import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useRankProgress, useVipLevels } from '../api/vip.ts';
import { RankProgress } from './RankProgress.tsx';
import { VipLadder } from './VipLadder.tsx';
import './vip.css';

const signedInNow = () => !!getSession().token;

/** /vip: the brand's levels for everyone; a signed-in member also sees their rank and progress. */
export function VipClub() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const levels = useVipLevels();
  const progress = useRankProgress(signedIn);
  return (
    <>
      {signedIn && progress.data ? <RankProgress progress={progress.data} /> : null}
      {levels.isPending ? (
        <Spinner />
      ) : levels.data ? (
        levels.data.levels.length > 0 ? (
          <>
            <p>{t('vip.periodNote', { days: levels.data.periodDays })}</p>
            <VipLadder
              levels={levels.data.levels}
              current={signedIn ? (progress.data?.rankLevel ?? null) : null}
            />
          </>
        ) : (
          <p>{t('vip.empty')}</p>
        )
      ) : (
        <p role="alert">{errorText(levels.error)}</p>
      )}
    </>
  );
}
