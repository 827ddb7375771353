import type { GameCategory } from '@lotus/contracts/system';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import {
  BallIcon,
  CardsIcon,
  DiceIcon,
  FishIcon,
  GamepadIcon,
  LotteryIcon,
  SlotsIcon,
  SpadeIcon,
} from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';

/** The page each server category opens, optionally on one vendor's tab. ELOTT and LOTT share the lottery lobby (spec §2). */
export function categoryPath(category: GameCategory, vendor?: string): string {
  switch (category) {
    case 'LIVE':
      return paths.live.to(vendor);
    case 'SPORTS':
    case 'ESPORTS':
      return paths.sports.to(vendor);
    case 'RNG':
      return paths.rng.to(vendor);
    case 'FISH':
      return paths.fish.to(vendor);
    case 'PVP':
      return paths.pvp.to(vendor);
    case 'LOTT':
    case 'ELOTT':
      return lotteryPath(category, vendor);
  }
}

/**
 * A lottery entry of game_menus by its accountTypeName (spec §4): TCG_SEA starts /seaLottery,
 * TCG_LOTTO_VN /vnlottery, LOTT and ELOTT the lottery lobby; the bare category its own page.
 */
function lotteryPath(category: 'LOTT' | 'ELOTT', vendor?: string): string {
  switch (vendor) {
    case 'TCG_SEA':
      return paths.seaLottery.to();
    case 'TCG_LOTTO_VN':
      return paths.vnLottery.to();
    case 'LOTT':
    case 'ELOTT':
      return paths.lottery.to();
    default:
      return category === 'LOTT' ? paths.lottery.to() : paths.elott.to();
  }
}

/**
 * Where a category's own link (bottom nav, home tile) goes: the LOTT and ELOTT entries start TCG_SEA
 * when the menu lists it (spec §2), every other category its page.
 */
export function categoryEntryPath(category: GameCategory, vendors: readonly { vassalage: string }[]): string {
  if ((category === 'LOTT' || category === 'ELOTT') && vendors.some((v) => v.vassalage === 'TCG_SEA')) {
    return categoryPath(category, 'TCG_SEA');
  }
  return categoryPath(category);
}

export function categoryLabel(t: TFunction, category: GameCategory): string {
  switch (category) {
    case 'LIVE':
      return t('category.live');
    case 'SPORTS':
      return t('category.sports');
    case 'ESPORTS':
      return t('category.esports');
    case 'RNG':
      return t('category.slots');
    case 'FISH':
      return t('category.fish');
    case 'PVP':
      return t('category.pvp');
    case 'LOTT':
      return t('category.lottery');
    case 'ELOTT':
      return t('category.elott');
  }
}

export const CATEGORY_ICON: Record<GameCategory, ComponentType> = {
  LIVE: CardsIcon,
  SPORTS: BallIcon,
  ESPORTS: GamepadIcon,
  RNG: SlotsIcon,
  FISH: FishIcon,
  PVP: SpadeIcon,
  LOTT: LotteryIcon,
  ELOTT: DiceIcon,
};

/** Vendor dropdown paging of spec §9: 21 on the first page, 18 on each page after it. */
export const DROPDOWN_FIRST_PAGE = 21;
export const DROPDOWN_NEXT_PAGES = 18;

export function dropdownPageCount(total: number): number {
  if (total <= DROPDOWN_FIRST_PAGE) return 1;
  return 1 + Math.ceil((total - DROPDOWN_FIRST_PAGE) / DROPDOWN_NEXT_PAGES);
}

export function dropdownPage<T>(items: readonly T[], page: number): T[] {
  if (page <= 1) return items.slice(0, DROPDOWN_FIRST_PAGE);
  const start = DROPDOWN_FIRST_PAGE + (page - 2) * DROPDOWN_NEXT_PAGES;
  return items.slice(start, start + DROPDOWN_NEXT_PAGES);
}
