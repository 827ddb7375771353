import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

/** Migration 0019: game categories of the wire (spec §3). */
export type CategoryColumn = 'ELOTT' | 'LOTT' | 'LIVE' | 'SPORTS' | 'ESPORTS' | 'FISH' | 'RNG' | 'PVP';
export type GameStatusColumn = 'active' | 'maintenance' | 'disabled';

export interface VendorCategoriesTable {
  vendor_id: string;
  brand_id: string;
  category: CategoryColumn;
  sort_order: Defaulted<number>;
}

export interface GamesTable {
  id: Id;
  brand_id: string;
  vendor_id: string;
  code: string;
  category: CategoryColumn;
  game_type: Defaulted<string>;
  account_type_name: Defaulted<string>;
  name_en: string;
  name_ms: Defaulted<string>;
  name_cn: Defaulted<string>;
  icon: Defaulted<string>;
  is_hot: Defaulted<boolean>;
  support_play: Defaulted<boolean>;
  min_bet: Minor;
  /** Migration 0048: the stakes the game accepts (minor units, ascending; empty = any from min_bet). */
  stakes: Defaulted<string[]>;
  lines: Defaulted<number>;
  status: Defaulted<GameStatusColumn>;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  /** Migration 20261201T181735_game_fields: spec §3 defaultPlayType, isGame (GAME | VASSALAGE), nodeName. */
  default_play_type: Defaulted<string>;
  is_game: Defaulted<string>;
  node_name: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GameRoomsTable {
  id: Id;
  brand_id: string;
  game_id: string;
  code: string;
  name_en: string;
  name_ms: Defaulted<string>;
  name_cn: Defaulted<string>;
  min_bet: Minor;
  max_bet: Minor;
  status: Defaulted<GameStatusColumn>;
  sort_order: Defaulted<number>;
}

export interface MemberFavoriteGamesTable {
  member_id: string;
  game_id: string;
  brand_id: string;
  created_at: CreatedAt;
}

export interface MemberRecentGamesTable {
  member_id: string;
  game_id: string;
  brand_id: string;
  played_at: Defaulted<Date>;
}

export interface LaunchTokensTable {
  id: Id;
  token_hash: string;
  brand_id: string;
  member_id: string;
  vendor_id: string;
  game_id: string;
  game_code: string;
  mode: 'real' | 'demo' | 'free';
  language: Defaulted<string>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** The games domain's tables, merged into the Database type (db/schema.ts). */
export interface GamesTables {
  /** Created by migration 0019_games_catalogue. */
  vendor_categories: VendorCategoriesTable;
  /** Created by migration 0019_games_catalogue. */
  games: GamesTable;
  /** Created by migration 0019_games_catalogue. */
  game_rooms: GameRoomsTable;
  /** Created by migration 0019_games_catalogue. */
  member_favorite_games: MemberFavoriteGamesTable;
  /** Created by migration 0019_games_catalogue. */
  member_recent_games: MemberRecentGamesTable;
  /** Created by migration 0019_games_catalogue. */
  launch_tokens: LaunchTokensTable;
}
