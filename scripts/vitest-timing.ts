/**
 * A Vitest reporter that writes where a run's time went, per project: its files and tests, the wall
 * time from its first file's start to its last file's end, and the time its files took in all
 * (import and tests; more than the wall time when files ran side by side). `scripts/test.ts` prints
 * it next to the summary line. Enabled with `--reporter=./scripts/vitest-timing.ts`; the output file
 * is VITEST_TIMING_FILE (default test-results/timing.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export type ProjectTiming = {
  project: string;
  files: number;
  tests: number;
  failed: number;
  /** Milliseconds from the project's first file start to its last file end. */
  wallMs: number;
  /** Milliseconds of the files' own time added up (collect, setup and tests). */
  fileMs: number;
  /** The slowest files, with their own time. */
  slowest: { file: string; ms: number }[];
};

type Span = { start: number; end: number };

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(testModule: TestModule): void {
    this.started.set(`${testModule.project.name}\0${testModule.moduleId}`, Date.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const key = `${testModule.project.name}\0${testModule.moduleId}`;
    this.spans.set(key, { start: this.started.get(key) ?? Date.now(), end: Date.now() });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, TestModule[]>();
    for (const module of testModules) {
      const list = byProject.get(module.project.name) ?? [];
      list.push(module);
      byProject.set(module.project.name, list);
    }
    const root = process.cwd();
    const timings: ProjectTiming[] = [];
    for (const [project, modules] of byProject) {
      let start = Number.POSITIVE_INFINITY;
      let end = 0;
      let fileMs = 0;
      let tests = 0;
      let failed = 0;
      const files: { file: string; ms: number }[] = [];
      for (const module of modules) {
        const span = this.spans.get(`${project}\0${module.moduleId}`);
        if (span) {
          start = Math.min(start, span.start);
          end = Math.max(end, span.end);
        }
        const d = module.diagnostic();
        const ms = d.collectDuration + d.setupDuration + d.duration;
        fileMs += ms;
        files.push({ file: path.relative(root, module.moduleId), ms: Math.round(ms) });
        for (const test of module.children.allTests()) {
          tests += 1;
          if (test.result().state === 'failed') failed += 1;
        }
      }
      files.sort((a, b) => b.ms - a.ms);
      timings.push({
        project,
        files: modules.length,
        tests,
        failed,
        wallMs: end > 0 ? Math.round(end - start) : 0,
        fileMs: Math.round(fileMs),
        slowest: files.slice(0, 5),
      });
    }
    timings.sort((a, b) => a.project.localeCompare(b.project));
    const file = process.env.VITEST_TIMING_FILE ?? path.join(root, 'test-results/timing.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(timings, null, 2)}\n`);
  }
}
