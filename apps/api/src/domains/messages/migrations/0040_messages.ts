import { type Kysely, sql } from 'kysely';

/**
 * Messages (issue 15, messageV2): the brand's messages to its members.
 *
 * `messages`: one row per message, a broadcast (`audience = 'all'`: every member of the brand) or
 * targeted (`'members'`: the members listed in `message_recipients`), with its EN/MS/CN title and
 * sanitised HTML body, the time it is published at (a future time schedules it) and the time an
 * operator withdrew it. `message_states`: a member's read and hidden marks, written only when the
 * member opens or deletes a message, so a broadcast costs one row until members read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table messages (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      audience text not null check (audience in ('all', 'members')),
      title_en text not null check (char_length(title_en) between 1 and 120),
      title_ms text not null check (char_length(title_ms) between 1 and 120),
      title_cn text not null check (char_length(title_cn) between 1 and 120),
      content_en text not null check (char_length(content_en) between 1 and 20000),
      content_ms text not null check (char_length(content_ms) between 1 and 20000),
      content_cn text not null check (char_length(content_cn) between 1 and 20000),
      publish_at timestamptz not null default now(),
      withdrawn_at timestamptz,
      created_by bigint references operators (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index messages_brand_publish on messages (brand_id, publish_at desc, id desc)`.execute(db);

  await sql`
    create table message_recipients (
      message_id bigint not null references messages (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      primary key (message_id, member_id)
    )`.execute(db);
  await sql`create index message_recipients_member on message_recipients (member_id, message_id)`.execute(db);

  await sql`
    create table message_states (
      message_id bigint not null references messages (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      read_at timestamptz,
      hidden_at timestamptz,
      primary key (member_id, message_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table message_states`.execute(db);
  await sql`drop table message_recipients`.execute(db);
  await sql`drop table messages`.execute(db);
}
