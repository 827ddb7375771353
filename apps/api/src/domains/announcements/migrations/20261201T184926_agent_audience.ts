import { type Kysely, sql } from 'kysely';

/**
 * Agents (issue 26): announcements get a fourth audience, execution `G`, the agents, read by the
 * agent centre's agentAnnouncement page (the relay call answers it to agents only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table announcements drop constraint announcements_execution_check`.execute(db);
  await sql`
    alter table announcements
      add constraint announcements_execution_check check (execution in ('A', 'B', 'F', 'G'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from announcements where execution = 'G'`.execute(db);
  await sql`alter table announcements drop constraint announcements_execution_check`.execute(db);
  await sql`
    alter table announcements
      add constraint announcements_execution_check check (execution in ('A', 'B', 'F'))
  `.execute(db);
}
