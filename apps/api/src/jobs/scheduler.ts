import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DOMAIN_MODULES } from '../modules.ts';
import type { ScheduledJob } from './job.ts';
import {
  abandonStaleRuns,
  beat,
  type ClaimedRun,
  claimDueRun,
  failRun,
  finishRun,
  insertRun,
  pruneRuns,
} from './job-runs.repository.ts';

/** How long the record of a succeeded run is kept (frequent jobs write thousands a day). */
export const JOB_RUN_RETENTION_DAYS = 7;

/** Jobs of the kernel itself. */
export const KERNEL_JOBS: readonly ScheduledJob[] = [
  {
    name: 'prune_job_runs',
    pattern: '17 3 * * *',
    leaseSeconds: 300,
    run: async (db, now) => {
      const before = new Date(now.getTime() - JOB_RUN_RETENTION_DAYS * 86_400_000);
      let deleted = 0;
      for (let batch = await pruneRuns(db, before); batch > 0; batch = await pruneRuns(db, before)) {
        deleted += batch;
      }
      return deleted;
    },
  },
];

/** Every domain's scheduled jobs, from the module list, and the kernel's. */
export const PLATFORM_JOBS: readonly ScheduledJob[] = [
  ...KERNEL_JOBS,
  ...DOMAIN_MODULES.flatMap((module) => module.jobs ?? []),
];

/** This process, as the owner of leases and runs (tests pass their own to play two processes). */
export const PROCESS_ID = randomUUID();

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_SECONDS = 30;

export type RunOptions = {
  /** Owner of the lease and the run (default: this process). */
  owner?: string;
  /** Run key (default: the job's runKey of `now`, else `now` to the second). */
  key?: string;
  /** Heartbeat period (default: a third of the lease, at least one second). */
  heartbeatMs?: number;
};

/** Claims the job's lease until now + leaseSeconds; false when another process holds it. */
export async function claimLease(
  db: Db,
  job: Pick<ScheduledJob, 'name' | 'leaseSeconds'>,
  now: Date,
  owner: string = PROCESS_ID,
) {
  await db
    .insertInto('scheduled_job_leases')
    .values({ name: job.name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('scheduled_job_leases')
    .set({
      locked_until: sql<Date>`${now}::timestamptz + make_interval(secs => ${job.leaseSeconds})`,
      locked_by: owner,
      last_run_at: now,
    })
    .where('name', '=', job.name)
    .where('locked_until', '<=', now)
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Moves the lease's end to `until`, while `owner` still holds it. */
async function setLeaseEnd(db: Db, job: ScheduledJob, owner: string, until: Date, result?: string) {
  await db
    .updateTable('scheduled_job_leases')
    .set({ locked_until: until, ...(result !== undefined ? { last_result: result } : {}) })
    .where('name', '=', job.name)
    .where('locked_by', '=', owner)
    .execute();
}

const defaultKey = (job: ScheduledJob, tick: Date) =>
  job.runKey ? job.runKey(tick) : new Date(Math.floor(tick.getTime() / 1000) * 1000).toISOString();

/** Runs being attempted in this process: the retry pass never takes them over as silent. */
const attempting = new Set<string>();

const plusSeconds = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/**
 * One attempt of a claimed run under the job's lease: the lease and the run's heartbeat are renewed
 * every `heartbeatMs` while it goes on (a run longer than its lease keeps it), the outcome or the
 * error is recorded, a failure is given its next attempt time (doubling waits) unless it was the
 * last. At the end the lease returns to the end of its first period, so the next tick is not delayed.
 */
async function attempt(
  db: Db,
  job: ScheduledJob,
  run: ClaimedRun,
  owner: string,
  claimedAt: Date,
  heartbeatMs: number,
): Promise<number> {
  attempting.add(run.id);
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const at = new Date();
    beating = Promise.all([
      setLeaseEnd(db, job, owner, plusSeconds(at, job.leaseSeconds)),
      beat(db, run, owner, at),
    ]).catch(() => undefined);
  }, heartbeatMs);
  timer.unref();
  // The last heartbeat lands before the lease is set back, never after it.
  const stopBeating = async () => {
    clearInterval(timer);
    await beating;
    attempting.delete(run.id);
  };
  try {
    const changed = await job.run(db, claimedAt);
    await stopBeating();
    await finishRun(db, run, owner, `changed ${changed}`);
    await setLeaseEnd(db, job, owner, plusSeconds(claimedAt, job.leaseSeconds), `changed ${changed}`);
    return changed;
  } catch (error) {
    await stopBeating();
    const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const wait = (job.retrySeconds ?? DEFAULT_RETRY_SECONDS) * 2 ** (run.attempt - 1);
    const retryAt = run.attempt < maxAttempts ? plusSeconds(new Date(), wait) : null;
    const message = error instanceof Error ? error.message : String(error);
    await failRun(db, run, owner, message, retryAt);
    await setLeaseEnd(db, job, owner, plusSeconds(claimedAt, job.leaseSeconds), `failed: ${message}`);
    throw error;
  }
}

function heartbeatOf(job: ScheduledJob, options: RunOptions) {
  return options.heartbeatMs ?? Math.max(1000, (job.leaseSeconds * 1000) / 3);
}

/**
 * One run of a job for its tick `now`: the number of changes, or null when another process holds
 * the lease or the run key has been run (or is running) already. A failure is recorded and thrown.
 */
export async function runJob(
  db: Db,
  job: ScheduledJob,
  now: Date = new Date(),
  options: RunOptions = {},
): Promise<number | null> {
  const owner = options.owner ?? PROCESS_ID;
  if (!(await claimLease(db, job, now, owner))) return null;
  const run = await insertRun(db, job.name, options.key ?? defaultKey(job, now), owner);
  if (!run) {
    await setLeaseEnd(db, job, owner, now);
    return null;
  }
  return attempt(db, job, run, owner, now, heartbeatOf(job, options));
}

/**
 * The retry pass: for each job, the next run due again (failed with its wait over, or silent past
 * its lease) is attempted under the job's lease. Answers how many attempts were made; the errors
 * of attempts that failed again are recorded on their runs (and passed to `onError`).
 */
export async function retryDueRuns(
  db: Db,
  jobs: readonly ScheduledJob[],
  now: Date = new Date(),
  options: RunOptions & { onError?: (job: ScheduledJob, error: unknown) => void } = {},
): Promise<number> {
  const owner = options.owner ?? PROCESS_ID;
  let attempts = 0;
  for (const job of jobs) {
    const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const stale = Math.max(job.leaseSeconds, 1) * 2;
    await abandonStaleRuns(db, job.name, maxAttempts, stale, now);
    if (!(await claimLease(db, job, now, owner))) continue;
    const run = await claimDueRun(db, job.name, maxAttempts, stale, owner, now, [...attempting]);
    if (!run) {
      await setLeaseEnd(db, job, owner, now);
      continue;
    }
    attempts += 1;
    await attempt(db, job, run, owner, now, heartbeatOf(job, options)).catch((error: unknown) =>
      options.onError?.(job, error),
    );
  }
  return attempts;
}

export type Scheduler = { stop: () => Promise<void> };

/** How often a worker looks for failed runs due again. */
export const RETRY_PATTERN = '*/5 * * * * *';

/**
 * Starts every job on its schedule, and the retry pass every 5 seconds. A run never overlaps the
 * same job's previous run in this process; a failed run is logged, recorded and retried. `stop()`
 * cancels the schedules and waits for runs in flight, so the database can be closed after it
 * (graceful shutdown).
 */
export function startScheduler(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  jobs: readonly ScheduledJob[] = PLATFORM_JOBS,
): Scheduler {
  const inFlight = new Set<Promise<unknown>>();
  const track = async (run: Promise<unknown>): Promise<void> => {
    inFlight.add(run);
    try {
      await run;
    } finally {
      inFlight.delete(run);
    }
  };
  const crons = jobs.map(
    (job) =>
      new Cron(
        job.pattern,
        { name: `lotus:${job.name}`, protect: true, unref: true },
        (self: Cron<undefined>) =>
          track(
            runJob(db, job, self.currentRun() ?? new Date())
              .then((changed) => {
                if (changed) log.info({ job: job.name, changed }, 'scheduled job ran');
              })
              .catch((err: unknown) => log.error({ err, job: job.name }, 'scheduled job failed')),
          ),
      ),
  );
  if (jobs.length > 0) {
    crons.push(
      new Cron(RETRY_PATTERN, { name: 'lotus:job-retries', protect: true, unref: true }, () =>
        track(
          retryDueRuns(db, jobs, new Date(), {
            onError: (job, err) => log.error({ err, job: job.name }, 'scheduled job failed again'),
          }).catch((err: unknown) => log.error({ err }, 'job retry pass failed')),
        ),
      ),
    );
  }
  return {
    stop: async () => {
      for (const cron of crons) cron.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
