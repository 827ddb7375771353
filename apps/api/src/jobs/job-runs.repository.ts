import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type ClaimedRun = { id: string; job: string; runKey: string; attempt: number };

/** Records a new run of (job, key); null when the key has a run already (running, done or failed). */
export async function insertRun(
  db: Db,
  job: string,
  runKey: string,
  owner: string,
): Promise<ClaimedRun | null> {
  const row = await db
    .insertInto('job_runs')
    .values({ job, run_key: runKey, status: 'running', locked_by: owner })
    .onConflict((oc) => oc.columns(['job', 'run_key']).doNothing())
    .returning(['id', 'attempt'])
    .executeTakeFirst();
  return row ? { id: row.id, job, runKey, attempt: row.attempt } : null;
}

/**
 * Takes one run of the job due again: failed with attempts left and its wait over, or running
 * without a heartbeat for `staleSeconds` (its process died) with attempts left. The next attempt
 * is this owner's; null when none is due.
 */
export async function claimDueRun(
  db: Db,
  job: string,
  maxAttempts: number,
  staleSeconds: number,
  owner: string,
  now: Date,
  /** Runs this process is attempting right now (never taken over by itself). */
  exclude: readonly string[] = [],
): Promise<ClaimedRun | null> {
  const row = await db
    .updateTable('job_runs')
    .set({
      status: 'running',
      attempt: sql<number>`attempt + 1`,
      locked_by: owner,
      started_at: now,
      heartbeat_at: now,
      finished_at: null,
      next_attempt_at: null,
    })
    .where(
      'id',
      '=',
      db
        .selectFrom('job_runs')
        .select('id')
        .where('job', '=', job)
        .where('attempt', '<', maxAttempts)
        .$if(exclude.length > 0, (qb) => qb.where('id', 'not in', exclude))
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<=', now)]),
            eb.and([
              eb('status', '=', 'running'),
              eb(
                'heartbeat_at',
                '<',
                sql<Date>`${now}::timestamptz - make_interval(secs => ${staleSeconds})`,
              ),
            ]),
          ]),
        )
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'run_key', 'attempt'])
    .executeTakeFirst();
  return row ? { id: row.id, job, runKey: row.run_key, attempt: row.attempt } : null;
}

/** Runs whose process stopped beating on their last attempt end as failed (none left to retry). */
export async function abandonStaleRuns(
  db: Db,
  job: string,
  maxAttempts: number,
  staleSeconds: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ status: 'failed', finished_at: now, error: 'abandoned: no heartbeat from its process' })
    .where('job', '=', job)
    .where('status', '=', 'running')
    .where('attempt', '>=', maxAttempts)
    .where('heartbeat_at', '<', sql<Date>`${now}::timestamptz - make_interval(secs => ${staleSeconds})`)
    .execute();
}

/** The run's process is alive: its heartbeat, only while it still owns the run. */
export async function beat(db: Db, run: ClaimedRun, owner: string, now: Date): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ heartbeat_at: now })
    .where('id', '=', run.id)
    .where('locked_by', '=', owner)
    .where('status', '=', 'running')
    .execute();
}

export async function finishRun(db: Db, run: ClaimedRun, owner: string, outcome: string): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ status: 'succeeded', finished_at: sql<Date>`now()`, outcome, error: '' })
    .where('id', '=', run.id)
    .where('locked_by', '=', owner)
    .execute();
}

/** A failed attempt; `retryAt` null when it was the last one. */
export async function failRun(
  db: Db,
  run: ClaimedRun,
  owner: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      status: 'failed',
      finished_at: sql<Date>`now()`,
      error: error.slice(0, 2000),
      next_attempt_at: retryAt,
    })
    .where('id', '=', run.id)
    .where('locked_by', '=', owner)
    .execute();
}

export type JobRunRow = {
  job: string;
  run_key: string;
  status: string;
  attempt: number;
  outcome: string;
  error: string;
  next_attempt_at: Date | null;
};

export async function runsOf(db: Db, job: string): Promise<JobRunRow[]> {
  return db
    .selectFrom('job_runs')
    .select(['job', 'run_key', 'status', 'attempt', 'outcome', 'error', 'next_attempt_at'])
    .where('job', '=', job)
    .orderBy('id')
    .execute();
}

/**
 * Deletes up to `limit` succeeded runs that finished before `before` (failed runs stay for the
 * record); answers how many went. Runs once a day as the kernel job `prune_job_runs`.
 */
export async function pruneRuns(db: Db, before: Date, limit = 10_000): Promise<number> {
  const result = await db
    .deleteFrom('job_runs')
    .where(
      'id',
      'in',
      db
        .selectFrom('job_runs')
        .select('id')
        .where('status', '=', 'succeeded')
        .where('finished_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
