import { useTranslation } from 'react-i18next';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

/** /vnlottery: the Vietnamese lottery lobby (vendor TCG_LOTTO_VN). */
export function Component() {
  const { t } = useTranslation();
  return <CategoryPage categories={['LOTT']} title={t('games.vnLottery')} />;
}
