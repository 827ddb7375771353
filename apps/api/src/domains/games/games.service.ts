import { GAME_CATEGORIES, type GameCategory, type GameMenus } from '@lotus/contracts/system';
import type { Brand } from '../brands/brand.ts';

function isGameCategory(value: string): value is GameCategory {
  return (GAME_CATEGORIES as readonly string[]).includes(value);
}

/** The brand's categories in its own order; vendors arrive with the games issue. */
export function gameMenus(brand: Brand): GameMenus {
  return brand.categoryOrder.filter(isGameCategory).map((gameCategory) => ({ gameCategory, vendors: [] }));
}
