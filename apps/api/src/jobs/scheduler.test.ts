import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/support.ts';
import type { ScheduledJob } from './job.ts';
import { claimLease, startScheduler } from './scheduler.ts';

const ctx = setupTestApp();

const silent = { info: () => undefined, error: () => undefined } as never;

describe('scheduler', () => {
  it('runs a job on its schedule, and stop() waits for the run in flight and ends the schedule', async () => {
    let runs = 0;
    let finished = 0;
    const job: ScheduledJob = {
      name: `every_second_${Date.now()}`,
      pattern: '* * * * * *',
      leaseSeconds: 0,
      run: async () => {
        runs += 1;
        await sleep(300);
        finished += 1;
        return 1;
      },
    };
    const scheduler = startScheduler(ctx.db, silent, [job]);
    const deadline = Date.now() + 5_000;
    while (runs === 0 && Date.now() < deadline) await sleep(50);
    await scheduler.stop();
    expect(runs).toBeGreaterThan(0);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(1_500);
    expect(runs).toBe(after);
  });

  it('gives a lease to one of two processes claiming it at the same moment', async () => {
    const job = { name: `lease_${Date.now()}`, leaseSeconds: 30 };
    const now = new Date();
    const claims = await Promise.all([claimLease(ctx.db, job, now), claimLease(ctx.db, job, now)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
