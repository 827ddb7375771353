/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * lint + format + type-check + translation keys, unit and integration tests (PGlite and PostgreSQL),
 * then the end-to-end tests in Chromium against the built site. Ends with one summary line
 * `N passed, N failed` counted from the Vitest JSON reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

type Report = { numPassedTests: number; numFailedTests: number };
const reports: string[] = [];

function run(title: string, command: string, args: string[]): void {
  process.stdout.write(`\n==> ${title}\n`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    summary();
    process.stdout.write(`\n${title} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status ?? 1);
  }
}

function summary(): void {
  let passed = 0;
  let failed = 0;
  for (const file of reports) {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    } catch {
      // A stage that crashed before writing its report counts through its exit code.
    }
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
}

const vitestJson = (name: string) => {
  const file = join(results, `${name}.json`);
  reports.push(file);
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
};

run('Lint, format, type-check, translation keys', 'npm', ['run', 'check']);
run('Unit and integration tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run', ...vitestJson('unit')]);
run('Build the web app and the back office', 'npm', ['run', 'build']);
run('End-to-end tests in Chromium', 'npx', [
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.ts',
  ...vitestJson('e2e'),
]);
summary();
