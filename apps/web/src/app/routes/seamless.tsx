import { GAME_CATEGORIES } from '@lotus/contracts/system-values';
import { useTranslation } from 'react-i18next';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

/** /seamless: every vendor that plays from the main wallet, across categories. */
export function Component() {
  const { t } = useTranslation();
  return <CategoryPage categories={GAME_CATEGORIES} title={t('games.seamless')} allCategories />;
}
