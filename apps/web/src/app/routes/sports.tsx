import type { GameCategory } from '@lotus/contracts/system';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

const CATEGORIES: readonly GameCategory[] = ['SPORTS', 'ESPORTS'];

/** /sports?page=<vendor>: sports and e-sports, each category a tab of its own. */
export function Component() {
  return <CategoryPage categories={CATEGORIES} />;
}
