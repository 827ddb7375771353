import type { GameCategory } from '@lotus/contracts/system';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

const CATEGORIES: readonly GameCategory[] = ['PVP'];

/** /pvp?page=<vendor>: card rooms, optionally on one vendor's tab. */
export function Component() {
  return <CategoryPage categories={CATEGORIES} />;
}
