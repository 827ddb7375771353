/**
 * What a cold load of the member site's /index transfers: headless Chromium (Debian's, through
 * playwright-core) opens /index on the built platform with an empty cache, waits until the app has
 * rendered, no request has started or ended for 2 s and the main thread is idle, and records every response: its type, its bytes on the wire
 * (compressed body as sent, and headers) and its decoded size. The page's own requests are totalled
 * by type. Once the service worker has taken control (it claims the page after load), the page's
 * later requests (lazy chunks, API calls) reach the network through it: they are counted as the
 * page's, with the bytes of the worker's network fetch. What the worker fetches for itself (the
 * shell of its offline copy) is listed apart. Once as a phone (390 x 844, touch, the Lighthouse
 * mobile user agent's shape) and once as a desktop (1366 x 900).
 *
 * Alone: `npm run build && npx node bench/page-load.ts` (prints the Markdown, writes nothing).
 */
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startPlatform } from './platform.ts';

export const JS_TARGET_BYTES = 120 * 1024;

const TYPES = ['document', 'script', 'stylesheet', 'image', 'font', 'fetch/xhr', 'other'] as const;
type ResourceType = (typeof TYPES)[number];

export type LoadedResource = {
  url: string;
  type: ResourceType;
  status: number;
  encoding: string;
  /** Body bytes as they crossed the wire (compressed when the server compressed them). */
  transferBytes: number;
  headerBytes: number;
  decodedBytes: number;
};

type Totals = Record<ResourceType, { requests: number; transferBytes: number; decodedBytes: number }>;

export type PageLoadRun = {
  viewport: string;
  resources: LoadedResource[];
  byType: Totals;
  total: { requests: number; transferBytes: number; headerBytes: number; decodedBytes: number };
  serviceWorker: { requests: number; transferBytes: number };
  uncompressedText: string[];
};

export type PageLoadResult = {
  url: string;
  phone: PageLoadRun;
  desktop: PageLoadRun;
  targetJsTransferBytes: number;
};

function typeOf(cdpType: string | undefined): ResourceType {
  switch (cdpType) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Image':
      return 'image';
    case 'Font':
      return 'font';
    case 'Fetch':
    case 'XHR':
      return 'fetch/xhr';
    default:
      return 'other';
  }
}

type Tracked = {
  url: string;
  type?: string;
  status?: number;
  encoding?: string;
  headerBytes?: number;
  decodedBytes: number;
  wireBytes?: number;
  fromCache?: boolean;
  /** Answered by the service worker, which fetched it from the network on the page's behalf. */
  viaWorker?: boolean;
  failed?: boolean;
};

/** A request the service worker sent to the network: its URL and body bytes as received. */
type WorkerFetch = { url: string; bodyBytes: number; decodedBytes: number };

const QUIET_MS = 2_000;
const MAX_WAIT_MS = 60_000;

async function loadOnce(
  url: string,
  viewport: { width: number; height: number },
  mobile: boolean,
): Promise<PageLoadRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport,
      isMobile: mobile,
      hasTouch: mobile,
      deviceScaleFactor: mobile ? 2 : 1,
      timezoneId: 'UTC',
    });
    // The service worker's network fetches: those made for the page count as the page's below.
    const workerFetches: Promise<WorkerFetch>[] = [];
    context.on('requestfinished', (request: Request) => {
      if (request.serviceWorker() !== null)
        workerFetches.push(
          Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
            url: request.url(),
            bodyBytes: Math.max(0, sizes.responseBodySize),
            decodedBytes: (await response?.body().catch(() => undefined))?.length ?? 0,
          })),
        );
    });
    const page = await context.newPage();
    // The page's own requests from Chromium's network events (what DevTools shows as transferred):
    // body bytes on the wire = everything received for the request minus its response headers.
    const cdp = await context.newCDPSession(page);
    const tracked = new Map<string, Tracked>();
    let lastEvent = Date.now();
    const entry = (id: string) => {
      lastEvent = Date.now();
      let t = tracked.get(id);
      if (!t) {
        t = { url: '', decodedBytes: 0 };
        tracked.set(id, t);
      }
      return t;
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      const t = entry(e.requestId);
      t.url = e.request.url;
      t.type = e.type;
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      entry(e.requestId).fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const t = entry(e.requestId);
      t.type = e.type;
      t.status = e.response.status;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      t.encoding = headers['content-encoding'] ?? 'identity';
      t.headerBytes = e.response.encodedDataLength;
      if (e.response.fromDiskCache) t.fromCache = true;
      if (e.response.fromServiceWorker) t.viaWorker = true;
    });
    cdp.on('Network.dataReceived', (e) => {
      entry(e.requestId).decodedBytes += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      entry(e.requestId).wireBytes = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      entry(e.requestId).failed = true;
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'load' });
    // Lazy chunks and calls start after the first render, and on a busy machine the scripts may run
    // for seconds without any network event: wait until the app has rendered, then until no request
    // has started or ended for QUIET_MS and the main thread has gone idle since (at most MAX_WAIT_MS).
    const deadline = Date.now() + MAX_WAIT_MS;
    // A function, not a string (the page's CSP forbids eval); the bench is type-checked without the
    // DOM library, hence the narrow view of `document`.
    // index.html's own spinner (.startup) is in #root until the app's first render replaces it.
    type Root = { document: { querySelector(selector: string): unknown } };
    await page.waitForFunction(
      () => (globalThis as unknown as Root).document.querySelector('#root > :not(.startup)') !== null,
      undefined,
      { timeout: MAX_WAIT_MS },
    );
    const busy = () => [...tracked.values()].some((t) => t.wireBytes === undefined && !t.failed);
    while (Date.now() < deadline) {
      if (busy() || Date.now() - lastEvent < QUIET_MS) {
        await page.waitForTimeout(100);
        continue;
      }
      const before = lastEvent;
      await page.evaluate(
        'new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 10000 }))',
      );
      if (lastEvent === before && !busy()) break;
    }
    const origin = new URL(url).origin;
    // Each page request the worker answered takes the bytes of one worker fetch of its URL (the
    // worker's cache-first assets are fetched once per URL; a URL it answered from its own cache
    // without a fetch was never transferred for the page).
    const unclaimed = await Promise.all(workerFetches);
    const claim = (t: Tracked) => {
      const index = unclaimed.findIndex((w) => w.url === t.url);
      return index < 0 ? undefined : unclaimed.splice(index, 1)[0];
    };
    const resources: LoadedResource[] = [...tracked.values()]
      .filter((t) => t.wireBytes !== undefined && t.status !== undefined && !t.fromCache)
      .flatMap((t) => {
        const viaWorker = t.viaWorker ? claim(t) : undefined;
        if (t.viaWorker && !viaWorker) return [];
        return [
          {
            url: t.url.startsWith(origin) ? t.url.slice(origin.length) : t.url,
            type: typeOf(t.type),
            status: t.status ?? 0,
            encoding: t.encoding ?? 'identity',
            transferBytes: viaWorker
              ? viaWorker.bodyBytes
              : Math.max(0, (t.wireBytes ?? 0) - (t.headerBytes ?? 0)),
            headerBytes: t.headerBytes ?? 0,
            decodedBytes: viaWorker ? Math.max(t.decodedBytes, viaWorker.decodedBytes) : t.decodedBytes,
          },
        ];
      });
    const byType = Object.fromEntries(
      TYPES.map((t) => [t, { requests: 0, transferBytes: 0, decodedBytes: 0 }]),
    ) as Totals;
    for (const r of resources) {
      byType[r.type].requests += 1;
      byType[r.type].transferBytes += r.transferBytes;
      byType[r.type].decodedBytes += r.decodedBytes;
    }
    const sum = (key: 'transferBytes' | 'headerBytes' | 'decodedBytes') =>
      resources.reduce((n, r) => n + r[key], 0);
    await context.close();
    return {
      viewport: `${viewport.width}x${viewport.height}${mobile ? ' (phone)' : ''}`,
      resources: resources.sort((a, b) => b.transferBytes - a.transferBytes),
      byType,
      total: {
        requests: resources.length,
        transferBytes: sum('transferBytes'),
        headerBytes: sum('headerBytes'),
        decodedBytes: sum('decodedBytes'),
      },
      serviceWorker: {
        requests: unclaimed.length,
        transferBytes: unclaimed.reduce((n, w) => n + w.bodyBytes, 0),
      },
      // Text answers of 1 KiB or more that went out uncompressed: each is a missed saving.
      uncompressedText: resources
        .filter((r) => r.encoding === 'identity' && r.decodedBytes >= 1024)
        .filter((r) => r.type !== 'image' && r.type !== 'font')
        .map((r) => r.url),
    };
  } finally {
    await browser.close();
  }
}

/** A cold /index load as a phone and as a desktop on the platform at `base`. */
export async function pageLoadBench(base: string): Promise<PageLoadResult> {
  const url = `${base}/index`;
  return {
    url: '/index',
    phone: await loadOnce(url, { width: 390, height: 844 }, true),
    desktop: await loadOnce(url, { width: 1366, height: 900 }, false),
    targetJsTransferBytes: JS_TARGET_BYTES,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function pageLoadMarkdown(result: PageLoadResult): string {
  const { phone, desktop } = result;
  const js = phone.byType.script.transferBytes;
  const verdict = js <= result.targetJsTransferBytes ? 'meets' : 'misses';
  const row = (t: ResourceType) =>
    `| ${t} | ${phone.byType[t].requests} | ${kb(phone.byType[t].transferBytes)} | ${kb(phone.byType[t].decodedBytes)} | ${desktop.byType[t].requests} | ${kb(desktop.byType[t].transferBytes)} |`;
  return [
    '## Cold /index load in Chromium (bytes on the wire)',
    '',
    `Every response of a cold load of ${result.url} (empty cache, until the app has rendered, no request for 2 s and the main thread idle), body bytes as sent (compressed), by type.`,
    `Target: JavaScript at most ${kb(result.targetJsTransferBytes)} compressed. Measured on the phone: **${kb(js)}** (${verdict} the target; desktop ${kb(desktop.byType.script.transferBytes)}).`,
    '',
    '| type | phone requests | phone transferred | phone decoded | desktop requests | desktop transferred |',
    '|---|---|---|---|---|---|',
    ...TYPES.map(row),
    `| **all** | ${phone.total.requests} | ${kb(phone.total.transferBytes)} (+ ${kb(phone.total.headerBytes)} headers) | ${kb(phone.total.decodedBytes)} | ${desktop.total.requests} | ${kb(desktop.total.transferBytes)} |`,
    '',
    `Requests the service worker forwarded for the page once it took control (after load) are counted above. For its own offline copy it fetched ${phone.serviceWorker.requests} more files (${kb(phone.serviceWorker.transferBytes)}); not counted above.`,
    phone.uncompressedText.length === 0
      ? 'Every text answer of 1 KiB or more went out compressed.'
      : `Sent uncompressed (text, 1 KiB or more): ${phone.uncompressedText.join(', ')}.`,
    '',
    'Largest JavaScript files of the phone load:',
    '',
    '| file | transferred | decoded | encoding |',
    '|---|---|---|---|',
    ...phone.resources
      .filter((r) => r.type === 'script')
      .slice(0, 12)
      .map((r) => `| ${r.url} | ${kb(r.transferBytes)} | ${kb(r.decodedBytes)} | ${r.encoding} |`),
    '',
  ].join('\n');
}

if (import.meta.main) {
  const platform = await startPlatform();
  try {
    process.stdout.write(`${pageLoadMarkdown(await pageLoadBench(platform.base))}\n`);
  } finally {
    await platform.close();
  }
}
