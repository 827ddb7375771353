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

/** A file a member stored (migration 0015); the uploads module writes and deletes these rows. */
export interface MemberUploadsTable {
  stored_name: string;
  brand_id: string;
  member_id: string;
  kind: 'avatar' | 'deposit_receipt' | 'withdrawal_proof';
  size_bytes: number;
  created_at: ColumnType<Date, never, never>;
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

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** Profile fields of spec §3 kept as plain text (empty when not given). */
export const PROFILE_COLUMNS = [
  'payee_name',
  'qq_num',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'id_number',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'income_source',
  'place_of_birth',
] as const;
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];

export interface MembersTable extends Record<ProfileColumn, Defaulted<string>> {
  id: Id;
  brand_id: string;
  username: string;
  /** E.164 (`+60123456789`). */
  mobile: string | null;
  email: string | null;
  password_hash: string;
  funds_password_hash: string | null;
  nickname: Defaulted<string>;
  /** 0 member, 1/2/41/42 agent kinds, 4 trial (spec §4). */
  is_agent: Defaulted<number>;
  upline_id: string | null;
  affiliate_code: string | null;
  status: Defaulted<string>;
  must_change_password: Defaulted<boolean>;
  password_changed_at: Timestamp;
  first_login_at: Date | null;
  last_login_at: Date | null;
  language: string | null;
  avatar: Defaulted<string>;
  avatar_type: Defaulted<string>;
  register_method: Defaulted<string>;
  register_url: Defaulted<string>;
  register_ip: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  member_id: string;
  brand_id: string;
  ip: Defaulted<string>;
  device: Defaulted<string>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface LoginAttemptsTable {
  id: Id;
  brand_id: string;
  member_id: string | null;
  username: string;
  method: string;
  ip: string;
  country: Defaulted<string>;
  device: Defaulted<string>;
  outcome: string;
  created_at: CreatedAt;
}

export interface MemberIpsTable {
  member_id: string;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface SmsCodesTable {
  id: Id;
  brand_id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Defaulted<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

export interface OutboxSmsTable {
  id: Id;
  brand_id: string;
  phone: string;
  body: string;
  created_at: CreatedAt;
}

export interface OutboxEmailTable {
  id: Id;
  brand_id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  id: Id;
  token_hash: string;
  member_id: string;
  brand_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type RegistrationFieldRow = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
};

export interface RegistrationSettingsTable {
  brand_id: string;
  fields: JSONColumnType<Record<string, RegistrationFieldRow>>;
  password_max_age_days: Defaulted<number>;
  login_captcha_after_failures: Defaulted<number>;
  updated_at: UpdatedAt;
}

export interface RegistrationRequestsTable {
  request_hash: string;
  brand_id: string;
  member_id: string;
  created_at: CreatedAt;
}

export interface CaptchaChallengesTable {
  id: string;
  brand_id: string;
  client_key: string;
  answer_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface HumanChecksUsedTable {
  challenge_id: string;
  expires_at: Date;
}

export interface ExternalProvidersTable {
  brand_id: string;
  provider: string;
  issuer: string;
  client_id: string;
  client_secret: string;
}

export interface ExternalLoginStatesTable {
  state: string;
  brand_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: Date;
}

export interface ExternalIdentitiesTable {
  brand_id: string;
  provider: string;
  subject: string;
  member_id: string;
  created_at: CreatedAt;
}

/** Money (migration 0003): bigint minor units arrive as strings and are handled as bigint. */
type Minor = ColumnType<string, string | bigint, string | bigint>;

export interface WalletSettingsTable {
  brand_id: string;
  single_wallet: Defaulted<boolean>;
  demo_credit: Defaulted<string>;
}

export interface VendorsTable {
  id: Id;
  brand_id: string;
  code: string;
  name: string;
  secret_encrypted: string;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
}

export interface LedgerAccountsTable {
  id: Id;
  brand_id: string;
  kind: string;
  owner_key: Defaulted<string>;
  member_id: string | null;
  vendor_id: string | null;
  currency: string;
  balance: Minor;
  may_go_negative: boolean;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: Id;
  brand_id: string;
  kind: string;
  idempotency_key: string;
  request_hash: string;
  reference: Defaulted<string>;
  metadata: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
  /** The writing transaction's id (xid8, as text): the event feed's order is (tx_id, id). */
  tx_id: ColumnType<string, never, never>;
}

export interface PostingsTable {
  id: Id;
  entry_id: string;
  account_id: string;
  amount: Minor;
  currency: string;
  balance_after: Minor;
  /** Migration 0007: the time of the posting's entry (its transaction's now()). */
  created_at: CreatedAt;
}

export interface VendorSessionsTable {
  id: Id;
  token_hash: string;
  brand_id: string;
  member_id: string;
  vendor_id: string;
  game_id: string;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface SeamlessRoundsTable {
  id: Id;
  brand_id: string;
  vendor_id: string;
  round_id: string;
  game_id: string;
  status: Defaulted<string>;
  created_at: CreatedAt;
  closed_at: Date | null;
}

export interface SeamlessTransactionsTable {
  id: Id;
  brand_id: string;
  vendor_id: string;
  transaction_id: string;
  kind: string;
  request_hash: string;
  member_id: string | null;
  round_id: Defaulted<string>;
  game_id: Defaulted<string>;
  bet_transaction_id: string | null;
  amount: Defaulted<string>;
  win_amount: Defaulted<string>;
  currency: Defaulted<string>;
  bet_state: string | null;
  error_code: Defaulted<string>;
  answer: ColumnType<unknown, string | null, string | null>;
  entry_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Migration 0007: the member's vendor wallet a transfer-mode bet debited (null: main wallet). */
  vendor_wallet_id: string | null;
}

/** Withdrawals (migration 0006). */
export interface WithdrawalSettingsTable {
  brand_id: string;
  minimum_amount: Minor;
  maximum_amount: Minor;
  daily_count_limit: Defaulted<number>;
  auto_receipt_minutes: Defaulted<number>;
  confirmation_required: Defaulted<boolean>;
  max_bank_cards: Defaulted<number>;
}

export interface BankCardsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  status: Defaulted<string>;
  created_at: CreatedAt;
  disabled_at: Date | null;
}

export interface WithdrawalsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  bank_card_id: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  amount: Minor;
  currency: string;
  client_request_id: string;
  status: Defaulted<string>;
  reject_reason: Defaulted<string>;
  confirmation: string | null;
  received_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  proof_image: string | null;
  dispute_note: Defaulted<string>;
  reviewed_by: string | null;
  created_at: CreatedAt;
  approved_at: Date | null;
  rejected_at: Date | null;
  paid_at: Date | null;
  confirmed_at: Date | null;
  resolved_at: Date | null;
  updated_at: UpdatedAt;
}

export interface UplineTransfersTable {
  id: Id;
  brand_id: string;
  member_id: string;
  upline_id: string;
  amount: Minor;
  currency: string;
  client_request_id: string;
  entry_id: string | null;
  created_at: CreatedAt;
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

/** A consumer's position in the event feed (see src/events). */
export interface EventConsumersTable {
  name: string;
  last_tx_id: Defaulted<string>;
  last_entry_id: Defaulted<string>;
  consumed: Defaulted<string>;
  updated_at: Defaulted<Date>;
  last_error: Defaulted<string>;
  last_error_at: Date | null;
}

export interface MemberDailyTurnoverTable {
  brand_id: string;
  member_id: string;
  /** UTC date, YYYY-MM-DD. */
  day: ColumnType<string, string, never>;
  vendor_id: string;
  currency: string;
  bet_count: Defaulted<string>;
  stake: Defaulted<string>;
  payout: Defaulted<string>;
  /** payout - stake (the member's result), generated. */
  net: ColumnType<string, never, never>;
  last_tx_id: string;
  last_entry_id: string;
  updated_at: Defaulted<Date>;
}

export interface PaymentGatewaysTable {
  id: Id;
  brand_id: string;
  code: string;
  name: string;
  kind: 'demo' | 'external';
  secret_encrypted: string;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
}

export type DepositKind = 'bank_transfer' | 'gateway' | 'qr';

export interface DepositMethodsTable {
  id: Id;
  brand_id: string;
  code: string;
  kind: DepositKind;
  name: string;
  minimum_amount: Minor;
  maximum_amount: Minor;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  gateway_id: string | null;
  created_at: CreatedAt;
}

export interface DepositBankAccountsTable {
  id: Id;
  brand_id: string;
  method_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  method_id: string;
  kind: DepositKind;
  reference: string;
  amount: Minor;
  currency: string;
  status: Defaulted<'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled' | 'failed'>;
  client_request_id: string;
  bank_account_id: string | null;
  bank_snapshot: ColumnType<unknown, string | null, string | null>;
  transfer_reference: Defaulted<string>;
  receipt_stored_name: string | null;
  receipt_mime: string | null;
  gateway_transaction_id: string | null;
  reject_reason: Defaulted<string>;
  reviewed_by: string | null;
  entry_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  updated_at: UpdatedAt;
}

export interface OperatorsTable {
  id: Id;
  brand_id: string;
  username: string;
  password_hash: string;
  role: string;
  totp_secret_encrypted: string | null;
  totp_enabled: Defaulted<boolean>;
  totp_last_step: string | null;
  active: Defaulted<boolean>;
  failed_attempts: Defaulted<number>;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: Id;
  token_hash: string;
  operator_id: string;
  brand_id: string;
  ip: Defaulted<string>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface AuditLogTable {
  id: Id;
  brand_id: string;
  operator_id: string | null;
  action: string;
  target_type: Defaulted<string>;
  target_id: Defaulted<string>;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  ip: Defaulted<string>;
  created_at: CreatedAt;
}

export interface BackofficeSettingsTable {
  brand_id: string;
  adjustment_approval_threshold: ColumnType<string, string | bigint | undefined, string | bigint>;
}

export interface AdjustmentRequestsTable {
  id: Id;
  brand_id: string;
  request_id: string;
  member_id: string;
  direction: string;
  amount: Minor;
  currency: string;
  reason: string;
  status: string;
  requested_by: string;
  decided_by: string | null;
  decision_note: Defaulted<string>;
  entry_id: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
}

export interface Database {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  backoffice_settings: BackofficeSettingsTable;
  adjustment_requests: AdjustmentRequestsTable;
  brands: BrandsTable;
  brand_domains: BrandDomainsTable;
  customer_service_resources: CustomerServiceResourcesTable;
  announcements: AnnouncementsTable;
  banners: BannersTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
  member_uploads: MemberUploadsTable;
  server_secrets: ServerSecretsTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  member_ips: MemberIpsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: OutboxSmsTable;
  email_outbox: OutboxEmailTable;
  password_reset_tokens: PasswordResetTokensTable;
  registration_settings: RegistrationSettingsTable;
  registration_requests: RegistrationRequestsTable;
  captcha_challenges: CaptchaChallengesTable;
  human_checks_used: HumanChecksUsedTable;
  external_providers: ExternalProvidersTable;
  external_login_states: ExternalLoginStatesTable;
  external_identities: ExternalIdentitiesTable;
  wallet_settings: WalletSettingsTable;
  vendors: VendorsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  vendor_sessions: VendorSessionsTable;
  seamless_rounds: SeamlessRoundsTable;
  seamless_transactions: SeamlessTransactionsTable;
  withdrawal_settings: WithdrawalSettingsTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  upline_transfers: UplineTransfersTable;
  scheduled_job_leases: ScheduledJobLeasesTable;
  job_runs: JobRunsTable;
  event_consumers: EventConsumersTable;
  member_daily_turnover: MemberDailyTurnoverTable;
  payment_gateways: PaymentGatewaysTable;
  deposit_methods: DepositMethodsTable;
  deposit_bank_accounts: DepositBankAccountsTable;
  deposits: DepositsTable;
}
