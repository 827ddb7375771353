import type { FreeRoundGrant } from '@lotus/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { closeModal } from '../../../lib/modals.ts';
import { formatDecimalAmount } from '../../../lib/money.ts';

/**
 * A free-round reward's grant (docs/free-rounds.md): the game, the stake of each round, the rounds
 * left and until when, and while some are left a button that launches the game, where the vendor's
 * page offers them.
 */
export function FreeRoundGrantView({ grant }: { grant: FreeRoundGrant }) {
  const { t } = useTranslation();
  const location = useLocation();
  const playable =
    grant.state === 'active' && grant.remaining > 0 && Date.parse(grant.expiresAt) > Date.now();
  return (
    <div className="free-round-grant" data-testid="free-round-grant">
      <p>
        {t('promotions.freeRoundsLeft', {
          remaining: grant.remaining,
          granted: grant.granted,
          game: grant.gameName,
          stake: formatDecimalAmount(grant.stake) ?? grant.stake,
        })}
      </p>
      <p>
        {grant.state === 'active'
          ? t('promotions.freeRoundsUntil', { date: formatDateTime(Date.parse(grant.expiresAt)) })
          : grant.state === 'used'
            ? t('promotions.freeRoundsUsed')
            : t('promotions.freeRoundsEnded')}
      </p>
      {playable ? (
        <Link
          className="button button--primary"
          // The reward centre is a page of the member centre: the game opens in its place.
          onClick={() => closeModal('memberCentre')}
          to={paths.game.to({
            vendor: grant.vendorCode,
            game: grant.gameCode,
            name: grant.gameName,
            back: `${location.pathname}${location.search}`,
          })}
        >
          {t('promotions.playFreeRounds')}
        </Link>
      ) : null}
    </div>
  );
}
