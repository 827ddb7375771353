import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = path.join(import.meta.dirname, 'brand-create.ts');

describe('brand:create on the command line', () => {
  it('refuses bad input with exit status 2 and every problem named, before opening a database', () => {
    const run = spawnSync(
      process.execPath,
      [
        cli,
        '--merchant',
        'bad code',
        '--name',
        'A\u0001B',
        '--currency',
        'XXX',
        '--time-zone',
        'Nowhere/Land',
      ],
      // An unreachable database: the refusal must come before any connection.
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } },
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    for (const problem of [
      '--merchant',
      '--name holds control characters',
      '--currency',
      '--time-zone',
      '--domain',
    ]) {
      expect(run.stderr).toContain(problem);
    }
  });
});
