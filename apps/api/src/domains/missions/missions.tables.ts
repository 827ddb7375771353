import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MissionsTable {
  id: Id;
  brand_id: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
  description_en: Defaulted<string>;
  description_ms: Defaulted<string>;
  description_cn: Defaulted<string>;
  kind: string;
  category: string | null;
  period: string;
  target: Minor;
  reward: Minor;
  active: Defaulted<boolean>;
  starts_at: Defaulted<Date>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MissionProgressTable {
  mission_id: string;
  member_id: string;
  brand_id: string;
  period_key: string;
  progress: Minor;
  completed_at: NullableTime;
  claimed_at: NullableTime;
  reward: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  updated_at: UpdatedAt;
}

export interface MissionAppliedEntriesTable {
  entry_id: string;
  applied_at: CreatedAt;
}

/** The missions domain's tables, merged into the Database type (db/schema.ts). */
export interface MissionsTables {
  /** Created by migration 0041_missions. */
  missions: MissionsTable;
  /** Created by migration 0041_missions. */
  mission_progress: MissionProgressTable;
  /** Created by migration 0041_missions. */
  mission_applied_entries: MissionAppliedEntriesTable;
}
