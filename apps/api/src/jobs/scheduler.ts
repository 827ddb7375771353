import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DOMAIN_MODULES } from '../modules.ts';
import type { ScheduledJob } from './job.ts';

/** Every domain's scheduled jobs, from the module list. */
export const PLATFORM_JOBS: readonly ScheduledJob[] = DOMAIN_MODULES.flatMap((module) => module.jobs ?? []);

const processId = randomUUID();

/** Claims the job's lease until now + leaseSeconds; false when another process holds it. */
export async function claimLease(db: Db, job: Pick<ScheduledJob, 'name' | 'leaseSeconds'>, now: Date) {
  await db
    .insertInto('scheduled_job_leases')
    .values({ name: job.name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('scheduled_job_leases')
    .set({
      locked_until: sql<Date>`${now}::timestamptz + make_interval(secs => ${job.leaseSeconds})`,
      locked_by: processId,
      last_run_at: now,
    })
    .where('name', '=', job.name)
    .where('locked_until', '<=', now)
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** One run of a job under its lease: the number of changes, or null when another process has it. */
export async function runJob(db: Db, job: ScheduledJob, now: Date = new Date()): Promise<number | null> {
  if (!(await claimLease(db, job, now))) return null;
  const changed = await job.run(db, now);
  await db
    .updateTable('scheduled_job_leases')
    .set({ last_result: `changed ${changed}` })
    .where('name', '=', job.name)
    .execute();
  return changed;
}

export type Scheduler = { stop: () => Promise<void> };

/**
 * Starts every job on its schedule. A run never overlaps the same job's previous run in this
 * process; a failed run is logged and the next tick tries again. `stop()` cancels the schedules
 * and waits for runs in flight, so the database can be closed after it (graceful shutdown).
 */
export function startScheduler(
  db: Db,
  log: FastifyBaseLogger,
  jobs: readonly ScheduledJob[] = PLATFORM_JOBS,
): Scheduler {
  const inFlight = new Set<Promise<unknown>>();
  const crons = jobs.map(
    (job) =>
      new Cron(job.pattern, { name: `lotus:${job.name}`, protect: true, unref: true }, () => {
        const run = runJob(db, job)
          .then((changed) => {
            if (changed) log.info({ job: job.name, changed }, 'scheduled job ran');
          })
          .catch((err: unknown) => log.error({ err, job: job.name }, 'scheduled job failed'));
        inFlight.add(run);
        return run.finally(() => inFlight.delete(run));
      }),
  );
  return {
    stop: async () => {
      for (const cron of crons) cron.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
