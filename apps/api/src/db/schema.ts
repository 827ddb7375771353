import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * Table types for Kysely. Ids are int8 and arrive as strings (never JS numbers), timestamps as Date.
 * Per-language text lives in `_en`, `_ms`, `_cn` columns; readers fall back to EN when one is empty.
 */
type Id = ColumnType<string, never, never>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type ThemeColoursRow = {
  primary: string;
  primaryContrast: string;
  accent: string;
  headerBackground: string;
};
export type MenuLinkRow = { key: string; path: string; labelEn: string; labelMs: string; labelCn: string };
export type DomainRouteRow = { domain: string; speed: number };

export interface BrandsTable {
  id: Id;
  merchant_code: string;
  name: string;
  platform: Generated<string>;
  lottery_type: Generated<string>;
  device: Generated<string>;
  default_language: Generated<string>;
  supported_languages: JSONColumnType<string[]>;
  ui_languages: JSONColumnType<string[]>;
  chat_header_colour: Generated<string>;
  theme: JSONColumnType<ThemeColoursRow>;
  currency: Generated<string>;
  currency_symbol: Generated<string>;
  prize_modes: JSONColumnType<string[]>;
  announcement_types: JSONColumnType<string[]>;
  default_announcement_type: Generated<string>;
  feature_flags: JSONColumnType<Record<string, boolean>>;
  logined_to_home_page: Generated<boolean>;
  system_status: Generated<number>;
  maintenance_start: Date | null;
  maintenance_end: Date | null;
  blocked_countries: JSONColumnType<string[]>;
  category_order: JSONColumnType<string[]>;
  analytics_gtag_id: Generated<string>;
  image_cdns: JSONColumnType<string[]>;
  launch_game_cdns: JSONColumnType<string[]>;
  domain_list: JSONColumnType<DomainRouteRow[]>;
  logo_url: Generated<string>;
  footer_links: JSONColumnType<MenuLinkRow[]>;
  help_menu: JSONColumnType<MenuLinkRow[]>;
  copyright: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BrandDomainsTable {
  domain: string;
  brand_id: string;
}

export interface CustomerServiceResourcesTable {
  id: Id;
  brand_id: string;
  cs_type: string;
  url: string;
  qr_code_url: Generated<string>;
  label_name_en: string;
  label_name_ms: Generated<string>;
  label_name_cn: Generated<string>;
  sort_order: Generated<number>;
}

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
}

export interface HelpCategoriesTable {
  id: Id;
  brand_id: string;
  slug: string;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  sort_order: Generated<number>;
}

export interface HelpArticlesTable {
  id: Id;
  brand_id: string;
  category_id: string;
  slug: string;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  content_en: string;
  content_ms: Generated<string>;
  content_cn: Generated<string>;
  sort_order: Generated<number>;
}

export interface FeedbackTable {
  id: Id;
  brand_id: string;
  content: string;
  language: string;
  client_ip: string;
  created_at: CreatedAt;
}

export interface FeedbackImagesTable {
  id: Id;
  feedback_id: string;
  brand_id: string;
  /** Random name under UPLOAD_DIR (never the client's file name). */
  stored_name: string;
  mime_type: string;
  size_bytes: number;
}

export interface Database {
  brands: BrandsTable;
  brand_domains: BrandDomainsTable;
  customer_service_resources: CustomerServiceResourcesTable;
  announcements: AnnouncementsTable;
  banners: BannersTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
}
