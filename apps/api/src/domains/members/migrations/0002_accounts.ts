import { type Kysely, sql } from 'kysely';

/**
 * Accounts (issue 3): members and agents, sessions, login attempts, one-time codes and their
 * outboxes, password resets, registration settings per brand, captcha and human-check replay
 * protection, external sign-in, and the server secrets every process shares (RSA key, HMAC keys).
 * Secrets that identify a person (tokens, codes, passwords) are stored only as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  const profile = [
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
  ]
    .map((c) => `${c} text not null default ''`)
    .join(',\n');

  await sql`
    create table members (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      username text not null,
      mobile text,
      email text,
      password_hash text not null,
      funds_password_hash text,
      nickname text not null default '',
      ${sql.raw(profile)},
      is_agent smallint not null default 0 check (is_agent in (0, 1, 2, 4, 41, 42)),
      upline_id bigint references members (id),
      affiliate_code text,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'LOCKED', 'DISABLED')),
      must_change_password boolean not null default false,
      password_changed_at timestamptz not null default now(),
      first_login_at timestamptz,
      last_login_at timestamptz,
      language text,
      avatar text not null default '0',
      avatar_type text not null default 'STATIC' check (avatar_type in ('STATIC', 'CUSTOM')),
      register_method text not null default 'WEB',
      register_url text not null default '',
      register_ip text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index members_username_uq on members (brand_id, lower(username))`.execute(db);
  await sql`create unique index members_mobile_uq on members (brand_id, mobile) where mobile is not null`.execute(
    db,
  );
  await sql`create unique index members_affiliate_uq on members (brand_id, lower(affiliate_code)) where affiliate_code is not null`.execute(
    db,
  );
  await sql`create index members_upline_idx on members (upline_id)`.execute(db);

  await sql`
    create table sessions (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      member_id bigint not null references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      ip text not null default '',
      device text not null default '',
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text check (revoked_reason in ('replaced', 'logout', 'password_changed', 'expired'))
    )`.execute(db);
  // One active session per member, enforced by the database even under concurrent logins.
  await sql`create unique index sessions_one_active_uq on sessions (member_id) where revoked_at is null`.execute(
    db,
  );

  await sql`
    create table login_attempts (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint references members (id) on delete cascade,
      username text not null,
      method text not null,
      ip text not null,
      country text not null default '',
      device text not null default '',
      outcome text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_attempts_member_idx on login_attempts (member_id, created_at)`.execute(db);
  await sql`create index login_attempts_ip_idx on login_attempts (brand_id, ip, created_at)`.execute(db);

  await sql`
    create table member_ips (
      member_id bigint not null references members (id) on delete cascade,
      ip text not null,
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (member_id, ip)
    )`.execute(db);

  await sql`
    create table sms_codes (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      phone text not null,
      purpose text not null check (purpose in ('register', 'login', 'reset', 'verify_login', 'bind')),
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sms_codes_phone_idx on sms_codes (brand_id, phone, purpose, created_at)`.execute(db);

  await sql`
    create table sms_outbox (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      phone text not null,
      body text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sms_outbox_phone_idx on sms_outbox (phone, id)`.execute(db);

  await sql`
    create table email_outbox (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      to_address text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index email_outbox_to_idx on email_outbox (lower(to_address), id)`.execute(db);

  await sql`
    create table password_reset_tokens (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      member_id bigint not null references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table registration_settings (
      brand_id bigint primary key references brands (id) on delete cascade,
      fields jsonb not null default '{}'::jsonb,
      password_max_age_days integer not null default 0,
      login_captcha_after_failures integer not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table registration_requests (
      request_hash text primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table captcha_challenges (
      id text primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      client_key text not null,
      answer_hash text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index captcha_challenges_client_idx on captcha_challenges (brand_id, client_key, created_at)`.execute(
    db,
  );

  await sql`
    create table human_checks_used (
      challenge_id text primary key,
      expires_at timestamptz not null
    )`.execute(db);

  await sql`
    create table external_providers (
      brand_id bigint not null references brands (id) on delete cascade,
      provider text not null check (provider in ('google', 'facebook')),
      issuer text not null,
      client_id text not null,
      client_secret text not null,
      primary key (brand_id, provider)
    )`.execute(db);

  await sql`
    create table external_login_states (
      state text primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      provider text not null,
      code_verifier text not null,
      nonce text not null,
      redirect_uri text not null,
      expires_at timestamptz not null
    )`.execute(db);

  await sql`
    create table external_identities (
      brand_id bigint not null references brands (id) on delete cascade,
      provider text not null,
      subject text not null,
      member_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (brand_id, provider, subject)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'external_identities',
    'external_login_states',
    'external_providers',
    'human_checks_used',
    'captcha_challenges',
    'registration_requests',
    'registration_settings',
    'password_reset_tokens',
    'email_outbox',
    'sms_outbox',
    'sms_codes',
    'member_ips',
    'login_attempts',
    'sessions',
    'members',
    'server_secrets',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
