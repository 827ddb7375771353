import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

/** /lottery?gameCode=&playType=: the lottery lobby, header only. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  const playType = params.get('playType');
  return (
    <>
      {gameCode ? (
        <p className="page__context" data-testid="lottery-selection">
          {t('games.lotterySelection', { gameCode, playType: playType ?? '-' })}
        </p>
      ) : null}
      <CategoryPage categories={['LOTT', 'ELOTT']} />
    </>
  );
}
