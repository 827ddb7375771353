import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/column-types.ts';

export interface AnnouncementsTable {
  id: Id;
  brand_id: string;
  type: string;
  execution: string;
  platform: Generated<string>;
  promotion_type: string | null;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  content_en: string;
  content_ms: Generated<string>;
  content_cn: Generated<string>;
  sort_order: Generated<number>;
  published_at: CreatedAt;
  active: Generated<boolean>;
}

export interface BannersTable {
  id: Id;
  brand_id: string;
  image_url: string;
  link: Generated<string>;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  /** `home` or `w_reg` (migration 20261128T183802_banner_groups). */
  banner_group: Generated<string>;
}

/** The announcements domain's tables, merged into the Database type (db/schema.ts). */
export interface AnnouncementsTables {
  /** Created by migration 0001_foundation. */
  announcements: AnnouncementsTable;
  /** Created by migration 0001_foundation. */
  banners: BannersTable;
}
