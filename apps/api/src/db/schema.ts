import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AgentsTables } from '../domains/agents/agents.tables.ts';
import type { AnnouncementsTables } from '../domains/announcements/announcements.tables.ts';
import type { CsTables } from '../domains/cs/cs.tables.ts';
import type { DepositsTables } from '../domains/deposits/deposits.tables.ts';
import type { ExclusionTables } from '../domains/exclusion/exclusion.tables.ts';
import type { ExternalTables } from '../domains/external/external.tables.ts';
import type { FeedbackTables } from '../domains/feedback/feedback.tables.ts';
import type { GamesTables } from '../domains/games/games.tables.ts';
import type { HelpTables } from '../domains/help/help.tables.ts';
import type { KycTables } from '../domains/kyc/kyc.tables.ts';
import type { LimitsTables } from '../domains/limits/limits.tables.ts';
import type { LotteryTables } from '../domains/lottery/lottery.tables.ts';
import type { MembersTables } from '../domains/members/members.tables.ts';
import type { MessagesTables } from '../domains/messages/messages.tables.ts';
import type { MissionsTables } from '../domains/missions/missions.tables.ts';
import type { OperatorsTables } from '../domains/operators/operators.tables.ts';
import type { PointsTables } from '../domains/points/points.tables.ts';
import type { PromotionsTables } from '../domains/promotions/promotions.tables.ts';
import type { ReferralsTables } from '../domains/referrals/referrals.tables.ts';
import type { SecurityTables } from '../domains/security/security.tables.ts';
import type { SystemTables } from '../domains/system/system.tables.ts';
import type { VendorsTables } from '../domains/vendors/vendors.tables.ts';
import type { VerificationTables } from '../domains/verification/verification.tables.ts';
import type { VipTables } from '../domains/vip/vip.tables.ts';
import type { WalletTables } from '../domains/wallet/wallet.tables.ts';
import type { WithdrawalsTables } from '../domains/withdrawals/withdrawals.tables.ts';
import type { EventsTables } from '../events/events.tables.ts';
import type { CreatedAt, Defaulted, Id, SqlOnlyTable, UpdatedAt } from './column-types.ts';

/**
 * Table types for Kysely. Ids are int8 and arrive as strings (never JS numbers), timestamps as Date.
 * Per-language text lives in `_en`, `_ms`, `_cn` columns; readers fall back to EN when one is empty.
 */
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
  /** ISO 3166 alpha-2 (migration 0016): the default region of phone numbers and dialing codes. */
  country: Generated<string>;
  /** IANA time zone name (migration 20261128T192707_brand_time_zone), `npm run brand:create -- --time-zone`. */
  time_zone: Generated<string>;
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

/** A file a member stored (migration 0015); the uploads module writes and deletes these rows. */
export interface MemberUploadsTable {
  stored_name: string;
  brand_id: string;
  member_id: string;
  kind: 'avatar' | 'deposit_receipt' | 'withdrawal_proof' | 'kyc_document';
  size_bytes: number;
  created_at: ColumnType<Date, never, never>;
}

export interface ScheduledJobLeasesTable {
  name: string;
  locked_until: Defaulted<Date>;
  locked_by: Defaulted<string>;
  last_run_at: Date | null;
  last_result: Defaulted<string>;
}

export interface JobRunsTable {
  id: Id;
  job: string;
  run_key: string;
  status: 'running' | 'succeeded' | 'failed';
  attempt: Defaulted<number>;
  locked_by: Defaulted<string>;
  started_at: Defaulted<Date>;
  heartbeat_at: Defaulted<Date>;
  finished_at: Date | null;
  next_attempt_at: Date | null;
  outcome: Defaulted<string>;
  error: Defaulted<string>;
}

/**
 * The whole database for Kysely: the kernel's tables (brands, uploads, job runs) and each domain's
 * (`<domain>.tables.ts` beside its code). A new domain adds its tables file and one name here.
 */
export interface Database
  extends AgentsTables,
    AnnouncementsTables,
    CsTables,
    DepositsTables,
    EventsTables,
    ExclusionTables,
    ExternalTables,
    FeedbackTables,
    GamesTables,
    HelpTables,
    LimitsTables,
    KycTables,
    LotteryTables,
    MembersTables,
    MessagesTables,
    MissionsTables,
    OperatorsTables,
    PointsTables,
    PromotionsTables,
    ReferralsTables,
    SecurityTables,
    SystemTables,
    VendorsTables,
    VerificationTables,
    WalletTables,
    WithdrawalsTables,
    VipTables {
  /** Created by migration 0001_foundation. */
  brands: BrandsTable;
  /** Created by migration 0001_foundation. */
  brand_domains: BrandDomainsTable;
  /** Created by migration 0015_member_uploads. */
  member_uploads: MemberUploadsTable;
  /** Created by migration 0006_withdrawals. */
  scheduled_job_leases: ScheduledJobLeasesTable;
  /** Created by migration 0013_event_feed_and_job_runs. */
  job_runs: JobRunsTable;
}

/**
 * The kernel's tables without a row type: the migrators' own bookkeeping (Kysely's migration table
 * and lock, the repeatable functions' checksums of @lotus/db-repeatable).
 */
export interface KernelSqlOnlyTables {
  /** Created by Kysely's Migrator. */
  kysely_migration: SqlOnlyTable;
  /** Created by Kysely's Migrator. */
  kysely_migration_lock: SqlOnlyTable;
  /** Created by migration 0012_repeatable_functions. */
  repeatable_migrations: SqlOnlyTable;
}
