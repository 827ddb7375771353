import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/support.ts';
import type { ScheduledJob } from './job.ts';
import { insertRun, runsOf } from './job-runs.repository.ts';
import { claimLease, KERNEL_JOBS, retryDueRuns, runJob } from './scheduler.ts';

const ctx = setupTestApp();

async function onlyRun(job: string) {
  const runs = await runsOf(ctx.db, job);
  expect(runs).toHaveLength(1);
  const [run] = runs;
  if (!run) throw new Error('no run');
  return run;
}

const name = (what: string) => `${what}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('job runs', () => {
  it('records a failing run, retries it after its wait up to maxAttempts, and records the success', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: name('flaky'),
      pattern: '* * * * *',
      leaseSeconds: 5,
      maxAttempts: 3,
      retrySeconds: 10,
      run: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`down ${calls}`);
        return 4;
      },
    };
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    await expect(runJob(ctx.db, job, t0)).rejects.toThrow('down 1');
    let run = await onlyRun(job.name);
    expect(run).toMatchObject({
      run_key: t0.toISOString(),
      status: 'failed',
      attempt: 1,
      error: 'down 1',
    });
    expect(run.next_attempt_at).not.toBeNull();
    const retryAt = run.next_attempt_at as Date;

    // Not before its wait is over.
    expect(await retryDueRuns(ctx.db, [job], new Date(retryAt.getTime() - 1000))).toBe(0);
    expect(calls).toBe(1);
    const errors: unknown[] = [];
    expect(await retryDueRuns(ctx.db, [job], retryAt, { onError: (_j, e) => errors.push(e) })).toBe(1);
    expect(errors).toHaveLength(1);
    run = await onlyRun(job.name);
    expect(run).toMatchObject({ status: 'failed', attempt: 2, error: 'down 2' });
    // The second wait is twice the first.
    const second = (run.next_attempt_at as Date).getTime() - Date.now();
    expect(second).toBeGreaterThan(15_000);
    expect(await retryDueRuns(ctx.db, [job], run.next_attempt_at as Date)).toBe(1);
    run = await onlyRun(job.name);
    expect(run).toMatchObject({ status: 'succeeded', attempt: 3, outcome: 'changed 4', error: '' });
    // Done: nothing more to retry, and the same tick does not run again.
    expect(await retryDueRuns(ctx.db, [job], new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await runJob(ctx.db, job, new Date(t0.getTime() + 120_000), { key: run.run_key })).toBeNull();
    expect(calls).toBe(3);
  });

  it('stops after maxAttempts and keeps the last error', async () => {
    const job: ScheduledJob = {
      name: name('broken'),
      pattern: '* * * * *',
      leaseSeconds: 1,
      maxAttempts: 2,
      retrySeconds: 1,
      run: async () => {
        throw new Error('always');
      },
    };
    await expect(runJob(ctx.db, job, new Date())).rejects.toThrow('always');
    const far = new Date(Date.now() + 3_600_000);
    expect(await retryDueRuns(ctx.db, [job], far)).toBe(1);
    expect(await retryDueRuns(ctx.db, [job], new Date(far.getTime() + 3_600_000))).toBe(0);
    expect(await runsOf(ctx.db, job.name)).toEqual([
      expect.objectContaining({ status: 'failed', attempt: 2, error: 'always', next_attempt_at: null }),
    ]);
  });

  it('runs a key once across two processes, even after the lease has passed', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: name('once'),
      pattern: '* * * * *',
      leaseSeconds: 1,
      runKey: () => 'business-key-1',
      run: async () => {
        calls += 1;
        await sleep(50);
        return 1;
      },
    };
    const now = new Date();
    const [a, b] = await Promise.all([
      runJob(ctx.db, job, now, { owner: 'process-a' }),
      runJob(ctx.db, job, now, { owner: 'process-b' }),
    ]);
    expect([a, b].filter((r) => r === 1)).toHaveLength(1);
    expect([a, b].filter((r) => r === null)).toHaveLength(1);
    // Later ticks of either process carry the same business key: never run again.
    expect(await runJob(ctx.db, job, new Date(now.getTime() + 60_000), { owner: 'process-b' })).toBeNull();
    expect(await runJob(ctx.db, job, new Date(now.getTime() + 120_000), { owner: 'process-a' })).toBeNull();
    expect(calls).toBe(1);
    expect(await runsOf(ctx.db, job.name)).toEqual([
      expect.objectContaining({ run_key: 'business-key-1', status: 'succeeded', attempt: 1 }),
    ]);
  });

  it('renews the lease while a run goes on past it, so another process cannot take the job meanwhile', async () => {
    let finished = false;
    const job: ScheduledJob = {
      name: name('long'),
      pattern: '* * * * *',
      leaseSeconds: 1,
      run: async () => {
        await sleep(3_000);
        finished = true;
        return 1;
      },
    };
    const running = runJob(ctx.db, job, new Date(), { owner: 'process-a', heartbeatMs: 200 });
    const takeovers: boolean[] = [];
    await sleep(300);
    while (!finished) {
      // Three times the lease goes by during the run: process B never gets it.
      takeovers.push(await claimLease(ctx.db, job, new Date(), 'process-b'));
      await sleep(250);
    }
    expect(await running).toBe(1);
    expect(takeovers.length).toBeGreaterThan(5);
    expect(takeovers.every((t) => t === false)).toBe(true);
    const run = await onlyRun(job.name);
    expect(run).toMatchObject({ status: 'succeeded', attempt: 1 });
    // The run over, the lease is back to its first period (passed): the next tick can be taken.
    expect(await claimLease(ctx.db, job, new Date(), 'process-b')).toBe(true);
  });

  it('takes over a run whose process stopped beating, as its next attempt', async () => {
    let calls = 0;
    const job: ScheduledJob = {
      name: name('orphan'),
      pattern: '* * * * *',
      leaseSeconds: 1,
      run: async () => {
        calls += 1;
        return 2;
      },
    };
    await ctx.db
      .insertInto('job_runs')
      .values({ job: job.name, run_key: 'k', status: 'running', locked_by: 'dead-process' })
      .execute();
    expect(await retryDueRuns(ctx.db, [job], new Date())).toBe(0); // still beating recently
    expect(await retryDueRuns(ctx.db, [job], new Date(Date.now() + 10_000))).toBe(1);
    expect(calls).toBe(1);
    expect(await runsOf(ctx.db, job.name)).toEqual([
      expect.objectContaining({ run_key: 'k', status: 'succeeded', attempt: 2 }),
    ]);
  });

  it('prunes succeeded runs older than the retention once a day, keeping failed and recent ones', async () => {
    const job = name('noisy');
    const prune = KERNEL_JOBS.find((j) => j.name === 'prune_job_runs');
    if (!prune) throw new Error('no prune job');
    const old = new Date(Date.now() - 8 * 86_400_000);
    for (const [key, status, finished] of [
      ['old-ok', 'succeeded', old],
      ['old-failed', 'failed', old],
      ['new-ok', 'succeeded', new Date()],
    ] as const) {
      await insertRun(ctx.db, job, key, 'test-owner');
      await ctx.db
        .updateTable('job_runs')
        .set({ status, finished_at: finished })
        .where('job', '=', job)
        .where('run_key', '=', key)
        .execute();
    }
    expect(await prune.run(ctx.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await runsOf(ctx.db, job)).map((r) => r.run_key).sort()).toEqual(['new-ok', 'old-failed']);
  });
});
