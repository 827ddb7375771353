/**
 * Lighthouse (mobile: its default config, a mid-range phone with simulated slow 4G and 4x CPU
 * slowdown) on the built platform's /index with the demo data, in Debian's Chromium launched by
 * chrome-launcher. RUNS runs, each in a fresh browser (cold cache); the median of each number is
 * reported next to the targets, with the failing audits and the largest opportunities of the run
 * whose performance score is the median.
 *
 * Alone: `npm run build && npx node bench/lighthouse.ts` (prints the Markdown, writes nothing).
 * `LIGHTHOUSE_RUNS` changes the number of runs (default 3).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, startPlatform } from './platform.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const LIGHTHOUSE_TARGETS = {
  performance: 90,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.05,
  accessibility: 100,
  seo: 100,
} as const;

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number | undefined>;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: { source?: string; description?: string; url?: string }[];
  };
};
type Lhr = {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
};

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's measure of the machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
};

export type LighthouseResult = {
  lighthouseVersion: string;
  runs: LighthouseRun[];
  median: LighthouseRun;
  targets: typeof LIGHTHOUSE_TARGETS;
  failingAudits: {
    category: string;
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
  }[];
  opportunities: {
    id: string;
    title: string;
    savingsMs: number;
    savingsBytes: number;
    displayValue?: string;
  }[];
};

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function summarise(lhr: Lhr): LighthouseRun {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: Math.round(metric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(metric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(metric(lhr, 'total-blocking-time')),
    cls: Number(metric(lhr, 'cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(metric(lhr, 'speed-index')),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function runOnce(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse mobile on `${base}/index`, RUNS times, medians and what to fix. */
export async function lighthouseBench(base: string): Promise<LighthouseResult> {
  const url = `${base}/index`;
  // One unrecorded load first, so the server's first-request work (brand cache, compressed page)
  // is not charged to the first run.
  await fetch(url, { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } });
  const lhrs: Lhr[] = [];
  for (let i = 0; i < RUNS; i += 1) lhrs.push(await runOnce(url));
  const runs = lhrs.map(summarise);
  const keys = Object.keys(runs[0]!) as (keyof LighthouseRun)[];
  const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as LighthouseRun;
  // The run whose performance score is the median gives the audits and opportunities.
  const byPerformance = lhrs
    .map((lhr, i) => ({ lhr, perf: runs[i]!.performance }))
    .sort((a, b) => a.perf - b.perf);
  const medianLhr = byPerformance[Math.floor(byPerformance.length / 2)]!.lhr;

  const failingAudits: LighthouseResult['failingAudits'] = [];
  for (const category of CATEGORIES) {
    for (const ref of medianLhr.categories[category]?.auditRefs ?? []) {
      const audit = medianLhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (
        audit.scoreDisplayMode !== 'binary' &&
        audit.scoreDisplayMode !== 'numeric' &&
        audit.scoreDisplayMode !== 'metricSavings'
      )
        continue;
      if (audit.score >= 0.9) continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(audit.id === 'errors-in-console'
          ? {
              findings: (audit.details?.items ?? [])
                .slice(0, 5)
                .map((item) => `${item.source ?? ''}: ${item.description ?? ''} ${item.url ?? ''}`.trim()),
            }
          : {}),
      });
    }
  }
  const opportunities = Object.values(medianLhr.audits)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      savingsMs: Math.round(
        Math.max(
          audit.details?.overallSavingsMs ?? 0,
          audit.metricSavings?.LCP ?? 0,
          audit.metricSavings?.FCP ?? 0,
          audit.metricSavings?.TBT ?? 0,
        ),
      ),
      savingsBytes: Math.round(audit.details?.overallSavingsBytes ?? 0),
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      failing: audit.score !== null && audit.score < 1,
    }))
    .filter((o) => o.failing && (o.savingsMs > 0 || o.savingsBytes > 0))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
    .slice(0, 10)
    .map(({ failing: _failing, ...o }) => o);
  return {
    lighthouseVersion: medianLhr.lighthouseVersion,
    runs,
    median: med,
    targets: LIGHTHOUSE_TARGETS,
    failingAudits,
    opportunities,
  };
}

export function lighthouseMarkdown(result: LighthouseResult): string {
  const m = result.median;
  const t = result.targets;
  const check = (ok: boolean) => (ok ? 'yes' : '**no**');
  const rows: [string, string, string, boolean][] = [
    ['performance', String(m.performance), `>= ${t.performance}`, m.performance >= t.performance],
    ['LCP', `${(m.lcpMs / 1000).toFixed(2)} s`, `< ${t.lcpMs / 1000} s`, m.lcpMs < t.lcpMs],
    ['FCP', `${(m.fcpMs / 1000).toFixed(2)} s`, '(no target)', true],
    ['TBT', `${m.tbtMs} ms`, `< ${t.tbtMs} ms`, m.tbtMs < t.tbtMs],
    ['CLS', String(m.cls), `< ${t.cls}`, m.cls < t.cls],
    ['speed index', `${(m.speedIndexMs / 1000).toFixed(2)} s`, '(no target)', true],
    ['accessibility', String(m.accessibility), `${t.accessibility}`, m.accessibility >= t.accessibility],
    ['best practices', String(m.bestPractices), '(no target)', true],
    ['SEO', String(m.seo), `${t.seo}`, m.seo >= t.seo],
    ['CPU benchmark index', String(m.benchmarkIndex), '(machine speed)', true],
  ];
  return [
    `## Lighthouse ${result.lighthouseVersion}, mobile, /index (median of ${result.runs.length} runs)`,
    '',
    "Default mobile settings (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium, on the same shared 2-core machine as the rest of the bench. Its 4x slowdown assumes an unloaded desktop-class CPU; a low CPU benchmark index (a busy or slow machine) inflates TBT, LCP and FCP.",
    '',
    '| measure | median | target | met | runs |',
    '|---|---|---|---|---|',
    ...rows.map(([name, value, target, ok], i) => {
      const key = (
        [
          'performance',
          'lcpMs',
          'fcpMs',
          'tbtMs',
          'cls',
          'speedIndexMs',
          'accessibility',
          'bestPractices',
          'seo',
          'benchmarkIndex',
        ] as const
      )[i]!;
      return `| ${name} | ${value} | ${target} | ${target.startsWith('(') ? '' : check(ok)} | ${result.runs.map((r) => r[key]).join(' / ')} |`;
    }),
    '',
    result.failingAudits.length === 0
      ? 'No audit below 0.9 in the median run.'
      : 'Audits below 0.9 in the median run:',
    '',
    ...result.failingAudits.map(
      (a) =>
        `- ${a.category}: \`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}, score ${a.score}`,
    ),
    '',
    'Largest opportunities (estimated savings):',
    '',
    ...result.opportunities.map(
      (o) =>
        `- \`${o.id}\` ${o.title}: ${o.savingsMs} ms${o.savingsBytes ? `, ${(o.savingsBytes / 1024).toFixed(1)} KB` : ''}${o.displayValue ? ` (${o.displayValue})` : ''}`,
    ),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const platform = await startPlatform();
  try {
    process.stdout.write(`${lighthouseMarkdown(await lighthouseBench(platform.base))}\n`);
  } finally {
    await platform.close();
  }
}
