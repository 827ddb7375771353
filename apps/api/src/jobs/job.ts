import type { Db } from '../db/database.ts';

/**
 * Scheduled work of the platform, run by processes with the worker role (croner). Several
 * processes may run the same schedule: before each run a process claims the job's lease row with a
 * conditional UPDATE, so one of them runs each tick, and renews it while the run goes on (a run may
 * take longer than a minute). Each run is recorded in `job_runs` under its run key, unique per job,
 * so a key runs once; a failed run is retried with backoff up to `maxAttempts` (jobs/job-runs.repository.ts and the scheduler's retry pass).
 * Every job is itself a set of conditional updates, so even a retry applies nothing twice.
 */
export type ScheduledJob = {
  name: string;
  /** Cron pattern (croner syntax, seconds optional). */
  pattern: string;
  /** How long a claimed run keeps other processes away (shorter than the period). */
  leaseSeconds: number;
  /** Does the work; answers how many things it changed (for the log). */
  run: (db: Db, now: Date) => Promise<number>;
  /** The run key of a tick, run once (default: the tick's time to the second, ISO 8601). */
  runKey?: (tick: Date) => string;
  /** Attempts of one key before it stays failed (default 3). */
  maxAttempts?: number;
  /** Wait before the second attempt, doubled for each further one (default 30 s). */
  retrySeconds?: number;
};
