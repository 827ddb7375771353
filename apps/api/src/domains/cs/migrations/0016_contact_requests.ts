import { type Kysely, sql } from 'kysely';

/**
 * Customer service (issue 11): the contact form's requests, and the brand's country.
 *
 * `contact_requests`: what a visitor or member leaves on /contact (the demo brand's live-chat entry
 * until the chat room exists): name, one way to be reached (a phone number stored as E.164, read in
 * the brand's country), category and message, the member when logged in, and the back office's
 * handling (new -> in_progress -> closed, the operator's note, who handled it). A transition is a
 * conditional UPDATE on `status`, so two operators acting at once apply once.
 *
 * `brands.country` (ISO 3166 alpha-2) rides along because this is the first server code that needs
 * it (phone numbers typed without a country code are read in the brand's country) and the
 * migration numbers are shared out one by one; the site reads it from /wps/system/status for its
 * default dialing code. The column defaults follow the platform's one market so far (Malaysia:
 * MY, MYR, RM); every brand the platform creates states all three.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brands add column country text not null default 'MY' check (country ~ '^[A-Z]{2}$')`.execute(
    db,
  );
  await sql`alter table brands alter column currency set default 'MYR'`.execute(db);
  await sql`alter table brands alter column currency_symbol set default 'RM'`.execute(db);

  await sql`
    create table contact_requests (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint references members (id) on delete set null,
      name text not null check (char_length(name) between 1 and 60),
      channel text not null check (channel in ('mobile', 'email', 'whatsapp', 'telegram')),
      contact text not null check (char_length(contact) between 1 and 254),
      category text not null
        check (category in ('account', 'payment', 'games', 'promotion', 'technical', 'other')),
      message text not null check (char_length(message) between 1 and 500),
      language text not null,
      client_ip text not null,
      status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
      operator_note text not null default '' check (char_length(operator_note) <= 500),
      handled_by bigint references operators (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index contact_requests_queue on contact_requests (brand_id, status, id desc)`.execute(db);
  await sql`create index contact_requests_brand_time on contact_requests (brand_id, created_at)`.execute(db);
  await sql`create index contact_requests_member on contact_requests (member_id, id desc) where member_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_requests`.execute(db);
  await sql`alter table brands alter column currency set default 'PHP'`.execute(db);
  await sql`alter table brands alter column currency_symbol set default 'P'`.execute(db);
  await sql`alter table brands drop column country`.execute(db);
}
