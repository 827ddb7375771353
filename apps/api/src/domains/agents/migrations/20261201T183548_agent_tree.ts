import { type Kysely, sql } from 'kysely';

/**
 * The downline tree (issue 26, docs/agents.md): a closure table `agent_tree` (every member with itself
 * at depth 0 and each of its uplines at depth 1, 2, ...), the upline history `agent_upline_history`
 * (one row per period a member had an upline, for attribution by time), and `agent_profiles` (an
 * agent's suspension). A trigger on `members` keeps the tree and the history equal to
 * `members.upline_id` whatever writes it (registration, the harness, the seed, a back-office move):
 * an upline change moves the whole sub-tree in the same transaction and refuses a cycle; every
 * change of the tree takes the brand's tree lock (an insert shares it, a move holds it alone). The
 * existing members are backfilled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_tree (
      brand_id bigint not null references brands (id) on delete cascade,
      ancestor_id bigint not null references members (id) on delete cascade,
      descendant_id bigint not null references members (id) on delete cascade,
      depth smallint not null check (depth >= 0),
      primary key (ancestor_id, descendant_id)
    )`.execute(db);
  await sql`create index agent_tree_descendant on agent_tree (descendant_id, depth)`.execute(db);
  await sql`create index agent_tree_direct on agent_tree (ancestor_id, depth, descendant_id)`.execute(db);
  await sql`
    create table agent_upline_history (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      upline_id bigint not null references members (id) on delete cascade,
      valid_from timestamptz not null,
      valid_to timestamptz,
      check (valid_to is null or valid_to >= valid_from)
    )`.execute(db);
  await sql`create index agent_upline_history_member on agent_upline_history (member_id, valid_from)`.execute(
    db,
  );
  await sql`create unique index agent_upline_history_open on agent_upline_history (member_id) where valid_to is null`.execute(
    db,
  );
  await sql`
    create table agent_profiles (
      member_id bigint primary key references members (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      status text not null default 'active' check (status in ('active', 'suspended')),
      note text not null default '' check (char_length(note) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create function agent_tree_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.upline_id is not null then
          perform pg_advisory_xact_lock_shared(hashtext('agent_tree'), new.brand_id::integer);
        end if;
        insert into agent_tree (brand_id, ancestor_id, descendant_id, depth)
          values (new.brand_id, new.id, new.id, 0);
        if new.upline_id is not null then
          insert into agent_tree (brand_id, ancestor_id, descendant_id, depth)
            select new.brand_id, t.ancestor_id, new.id, t.depth + 1
            from agent_tree t where t.descendant_id = new.upline_id;
          insert into agent_upline_history (brand_id, member_id, upline_id, valid_from)
            values (new.brand_id, new.id, new.upline_id, clock_timestamp());
        end if;
        return new;
      end if;
      if new.upline_id is not distinct from old.upline_id then
        return new;
      end if;
      perform pg_advisory_xact_lock(hashtext('agent_tree'), new.brand_id::integer);
      if new.upline_id is not null and exists (
        select 1 from agent_tree where ancestor_id = new.id and descendant_id = new.upline_id
      ) then
        raise exception 'agent tree cycle: % under %', new.id, new.upline_id using errcode = 'P0001', hint = 'agent_move_cycle';
      end if;
      delete from agent_tree d
        using agent_tree sub
        where sub.ancestor_id = new.id and d.descendant_id = sub.descendant_id
          and d.ancestor_id not in (select s2.descendant_id from agent_tree s2 where s2.ancestor_id = new.id);
      if new.upline_id is not null then
        insert into agent_tree (brand_id, ancestor_id, descendant_id, depth)
          select new.brand_id, p.ancestor_id, s.descendant_id, p.depth + s.depth + 1
          from agent_tree p cross join agent_tree s
          where p.descendant_id = new.upline_id and s.ancestor_id = new.id;
      end if;
      update agent_upline_history set valid_to = clock_timestamp() where member_id = new.id and valid_to is null;
      if new.upline_id is not null then
        insert into agent_upline_history (brand_id, member_id, upline_id, valid_from)
          values (new.brand_id, new.id, new.upline_id, clock_timestamp());
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger agent_tree_sync_insert after insert on members for each row execute function agent_tree_sync()`.execute(
    db,
  );
  await sql`create trigger agent_tree_sync_upline after update of upline_id on members for each row execute function agent_tree_sync()`.execute(
    db,
  );

  // Backfill: every member with itself, then each upline chain (members.upline_id has no cycle).
  await sql`
    insert into agent_tree (brand_id, ancestor_id, descendant_id, depth)
    with recursive chain (brand_id, ancestor_id, descendant_id, depth) as (
      select brand_id, id, id, 0 from members
      union all
      select c.brand_id, m.upline_id, c.descendant_id, c.depth + 1
      from chain c join members m on m.id = c.ancestor_id
      where m.upline_id is not null and c.depth < 1000
    )
    select brand_id, ancestor_id, descendant_id, depth from chain`.execute(db);
  await sql`
    insert into agent_upline_history (brand_id, member_id, upline_id, valid_from)
    select brand_id, id, upline_id, created_at from members where upline_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger agent_tree_sync_upline on members`.execute(db);
  await sql`drop trigger agent_tree_sync_insert on members`.execute(db);
  await sql`drop function agent_tree_sync()`.execute(db);
  await sql`drop table agent_profiles`.execute(db);
  await sql`drop table agent_upline_history`.execute(db);
  await sql`drop table agent_tree`.execute(db);
}
