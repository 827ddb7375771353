import { useTranslation } from 'react-i18next';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

/** /seaLottery: the South-East Asian lottery lobby (vendor TCG_SEA). */
export function Component() {
  const { t } = useTranslation();
  return <CategoryPage categories={['LOTT', 'ELOTT']} title={t('games.seaLottery')} />;
}
