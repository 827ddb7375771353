import type { Db } from '../db/database.ts';

/**
 * Scheduled work of the platform, run by the server process itself (croner). Several processes
 * may run the same schedule: before each run a process claims the job's lease row with a
 * conditional UPDATE, so one of them runs each tick; and every job is itself a set of conditional
 * updates, so even an overlap (a run longer than its lease) applies nothing twice.
 */
export type ScheduledJob = {
  name: string;
  /** Cron pattern (croner syntax, seconds optional). */
  pattern: string;
  /** How long a claimed run keeps other processes away (shorter than the period). */
  leaseSeconds: number;
  /** Does the work; answers how many things it changed (for the log). */
  run: (db: Db, now: Date) => Promise<number>;
};
