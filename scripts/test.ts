/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * lint + format + type-check + translation keys, unit and integration tests (PGlite and PostgreSQL),
 * then the end-to-end tests in Chromium against the built site. Ends with the wall time of each stage
 * and of each Vitest project, then one summary line `N passed, N failed` counted from the Vitest
 * JSON reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectTiming } from './vitest-timing.ts';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

type Report = { numPassedTests: number; numFailedTests: number };
const reports: string[] = [];
const timings: string[] = [];
const stages: { title: string; ms: number; status: string }[] = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(title: string, command: string, args: string[]): void {
  process.stdout.write(`\n==> ${title}\n`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const failed = r.status !== 0;
  stages.push({
    title,
    ms: Date.now() - started,
    status: failed ? `failed (exit ${r.status ?? r.signal})` : 'ok',
  });
  if (failed) {
    summary();
    process.stdout.write(`\n${title} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status ?? 1);
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    // A stage that crashed before writing its report counts through its exit code.
    return null;
  }
}

function summary(): void {
  process.stdout.write('\nWhere the time went:\n');
  for (const stage of stages)
    process.stdout.write(`  ${stage.title.padEnd(52)} ${seconds(stage.ms).padStart(9)}  ${stage.status}\n`);
  const projects = timings.flatMap((file) => readJson<ProjectTiming[]>(file) ?? []);
  if (projects.length > 0) {
    process.stdout.write(
      `\n  ${'Vitest project'.padEnd(24)} ${'files'.padStart(5)} ${'tests'.padStart(6)} ${'wall'.padStart(9)} ${'file time'.padStart(10)}  slowest file\n`,
    );
    for (const p of projects) {
      const slowest = p.slowest[0] ? `${p.slowest[0].file} (${seconds(p.slowest[0].ms)})` : '';
      process.stdout.write(
        `  ${p.project.padEnd(24)} ${String(p.files).padStart(5)} ${String(p.tests).padStart(6)} ${seconds(p.wallMs).padStart(9)} ${seconds(p.fileMs).padStart(10)}  ${slowest}\n`,
      );
    }
  }
  let passed = 0;
  let failed = 0;
  for (const file of reports) {
    const report = readJson<Report>(file);
    passed += report?.numPassedTests ?? 0;
    failed += report?.numFailedTests ?? 0;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
}

/** A Vitest stage's reporters: the console, the JSON report (the counts) and the timing per project. */
const vitestReports = (name: string) => {
  const file = join(results, `${name}.json`);
  const timing = join(results, `${name}-timing.json`);
  rmSync(file, { force: true });
  rmSync(timing, { force: true });
  reports.push(file);
  timings.push(timing);
  process.env.VITEST_TIMING_FILE = timing;
  return [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    `--reporter=${join(root, 'scripts/vitest-timing.ts')}`,
  ];
};

run('Lint, format, type-check, translation keys', 'npm', ['run', 'check']);
run('Unit and integration tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run', ...vitestReports('unit')]);
run('Build the web app and the back office', 'npm', ['run', 'build']);
run('End-to-end tests in Chromium', 'npx', [
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.ts',
  ...vitestReports('e2e'),
]);
summary();
