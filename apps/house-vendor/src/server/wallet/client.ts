import { SEAMLESS_HEADER } from '@lotus/contracts/seamless';
import { signSeamless } from '@lotus/server-common/signature';
import { Pool } from 'undici';

/**
 * The house vendor's client of the platform's seamless-wallet API, the only way it touches money.
 *
 * - Every call is a POST of a JSON body signed with the brand's secret over METHOD, PATH and the exact
 *   body bytes (`X-Signature`), with the headers `Merchant` and `X-Vendor`.
 * - One attempt waits at most `timeoutMs`. An attempt that times out, fails on the network, answers
 *   HTTP 5xx or 429, or answers `wallet_busy` is repeated with the very same body (so the same
 *   transaction id) after a short back-off, up to `attempts` times; the platform applies a
 *   transaction id once and answers a repeat with the original answer.
 * - What comes back is either an answer (the platform decided: success or a refusal with its code)
 *   or `unknown` (no decision was heard); the caller decides what an unknown means for its round.
 * - Every attempt is recorded (`record`) with its request (the player token blanked), HTTP status,
 *   answer body or error, and duration; with `deferRecord`, the attempt that heard the decision is
 *   handed back with the answer and its caller records it in the statement that moves its round.
 * - The calls go through one undici `Pool` of kept-alive connections to the platform (issue 23: the
 *   global `fetch` cost the vendor about a tenth of its CPU per spin in WHATWG streams, Request and
 *   Response objects and combined abort signals; `Pool.request` hands back the status and body
 *   without them). The pool opens at most `connections` sockets (default 64) and keeps each one
 *   4 s after its last call.
 */

export type WalletCallName =
  | 'session'
  | 'balance'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'betWin'
  | 'roundEnd'
  | 'batch';

/** One item of a batch call: a single call's fields (minus vendor) and the call it stands for. */
export type WalletBatchItem = { call: 'bet' | 'win' | 'rollback' | 'betWin' | 'roundEnd' } & Record<
  string,
  unknown
>;

/** One item's answer of a batch (the platform's per-item envelope). */
export type WalletItemAnswer = {
  call: string;
  transactionId: string | null;
  roundId: string;
  success: boolean;
  errorCode: string;
  value: unknown;
};

/**
 * A batch's answer: `items` (one per item, in order) when the platform applied it, null when it
 * refused the whole batch (HTTP 400: nothing applied; send the items alone).
 */
export type WalletBatchAnswer =
  | { kind: 'answer'; httpStatus: number; errorCode: string; items: WalletItemAnswer[] | null }
  | { kind: 'unknown'; reason: string };

export type WalletAnswer =
  | {
      kind: 'answer';
      httpStatus: number;
      success: boolean;
      errorCode: string;
      value: unknown;
      /**
       * The record of the attempt that heard this answer, when the call was made with
       * `deferRecord`: not written yet, the caller writes it with the change the answer causes.
       */
      record?: WalletCallRecord;
    }
  | { kind: 'unknown'; reason: string };

export type WalletCallRecord = {
  roundId: string | null;
  brand: string;
  call: WalletCallName;
  transactionId: string | null;
  attempt: number;
  request: string;
  httpStatus: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
};

export type WalletClientOptions = {
  platformUrl: string;
  vendorCode: string;
  brands: ReadonlyMap<string, string>;
  timeoutMs: number;
  attempts: number;
  /** First back-off between attempts (doubles each time, capped at 1 s). */
  backoffMs?: number;
  /** Sockets to the platform at most (default 64). */
  connections?: number;
  record: (entry: WalletCallRecord) => Promise<void>;
  /** Writes several records at once (a batch's items); defaults to `record` one by one. */
  recordMany?: (entries: WalletCallRecord[]) => Promise<void>;
};

export type CallMeta = {
  roundId?: string | null;
  transactionId?: string | null;
  /** Overrides the client's attempt count (1 = no retry, e.g. the single-use launch token). */
  attempts?: number;
  /**
   * The attempt that hears a decision is not recorded here but handed back with the answer
   * (`record`), for the caller to write in the statement that moves its round (one round trip
   * instead of two). Attempts without a decision are recorded as they end, as always.
   */
  deferRecord?: boolean;
  /** Overrides the client's time limit of one attempt (a batch: 4 times the client's). */
  timeoutMs?: number;
};

const PATHS: Record<WalletCallName, string> = {
  session: '/seamless/v1/session',
  balance: '/seamless/v1/balance',
  bet: '/seamless/v1/bet',
  win: '/seamless/v1/win',
  rollback: '/seamless/v1/rollback',
  betWin: '/seamless/v1/betWin',
  roundEnd: '/seamless/v1/roundEnd',
  batch: '/seamless/v1/batch',
};

const RESPONSE_KEEP = 4_000;

/** The least time one attempt of a batch call waits for its answer. */
export const BATCH_TIMEOUT_MIN_MS = 15_000;

/**
 * A call's seamless signature (hex HMAC-SHA256 of "POST\n" + path + "\n" + body): the shared
 * node:crypto implementation (@lotus/server-common/signature), the same bytes as the contract's
 * WebCrypto one without its key import and promise job per call.
 */
export function signCall(secret: string, path: string, body: string): string {
  return signSeamless(secret, 'POST', path, body);
}

export class WalletClosedError extends Error {
  override name = 'WalletClosedError';
}

/** Why a call's attempt was aborted (kept apart from the network's own errors). */
const TIMEOUT = Symbol('timeout');
const CLOSING = Symbol('closing');

function blank(body: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  for (const key of ['token', 'launchToken']) if (typeof copy[key] === 'string') copy[key] = '[redacted]';
  return copy;
}

function redact(body: Record<string, unknown>): string {
  return JSON.stringify(blank(body));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class WalletClient {
  readonly #options: WalletClientOptions;
  readonly #closing = new AbortController();
  readonly #pool: Pool;
  readonly #origin: string;
  /** The base path of platformUrl (usually empty), before each call's path. */
  readonly #basePath: string;

  constructor(options: WalletClientOptions) {
    this.#options = options;
    const url = new URL(options.platformUrl);
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, '');
    this.#pool = new Pool(this.#origin, {
      connections: options.connections ?? 64,
      pipelining: 1,
      keepAliveTimeout: 4_000,
      // The attempt's own timer (timeoutMs) decides; these only keep undici's defaults out of the way.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }

  get vendorCode(): string {
    return this.#options.vendorCode;
  }

  hasBrand(merchant: string): boolean {
    return this.#options.brands.has(merchant);
  }

  /**
   * Stops the client: calls in flight are abandoned (their answers are unknown, exactly as after a
   * crash) and later calls fail at once with WalletClosedError. The rounds they leave open are the
   * recovery job's.
   */
  close(): void {
    if (this.closed) return;
    this.#closing.abort(CLOSING);
    this.#pool.destroy().catch(() => {});
  }

  get closed(): boolean {
    return this.#closing.signal.aborted;
  }

  /** One attempt: the HTTP status and body text, or the reason there is none. */
  async #request(
    path: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<{ status: number; text: string } | { error: string }> {
    const attempt = new AbortController();
    const onClose = () => attempt.abort(CLOSING);
    this.#closing.signal.addEventListener('abort', onClose, { once: true });
    const timer = setTimeout(() => attempt.abort(TIMEOUT), timeoutMs);
    try {
      const response = await this.#pool.request({
        path: `${this.#basePath}${path}`,
        method: 'POST',
        headers,
        body,
        signal: attempt.signal,
      });
      return { status: response.statusCode, text: await response.body.text() };
    } catch (cause) {
      const reason: unknown = attempt.signal.reason;
      if (this.closed || reason === CLOSING) return { error: 'abandoned: vendor stopping' };
      if (reason === TIMEOUT) return { error: `timeout after ${timeoutMs} ms` };
      return { error: `network: ${cause instanceof Error ? cause.message : String(cause)}` };
    } finally {
      clearTimeout(timer);
      this.#closing.signal.removeEventListener('abort', onClose);
    }
  }

  /** One signed call, repeated with the same body while no decision is heard. */
  async call(
    brand: string,
    call: Exclude<WalletCallName, 'batch'>,
    fields: Record<string, unknown>,
    meta: CallMeta = {},
  ): Promise<WalletAnswer> {
    const sent = await this.#send(brand, call, fields, meta, (record) => this.#options.record(record));
    if (sent.kind === 'unknown') return sent;
    const { answer, record } = sent;
    return meta.deferRecord ? { ...answer, record } : answer;
  }

  /**
   * Many independent calls of one brand in one signed request (`/seamless/v1/batch`), repeated as a
   * whole with the same body while no decision is heard (each item is idempotent by its own
   * transaction id, so a repeat applies nothing twice). The attempt that hears the answer is recorded
   * as one `wallet_calls` row per item (its round, call, transaction id, request and own answer);
   * attempts without a decision as one `batch` row.
   */
  async batch(
    brand: string,
    items: readonly WalletBatchItem[],
    meta: CallMeta = {},
  ): Promise<WalletBatchAnswer> {
    const sent = await this.#send(
      brand,
      'batch',
      { items },
      // A batch of a few hundred items takes the platform longer than one call: 4 times the client's
      // limit, at least BATCH_TIMEOUT_MIN_MS (a repeat after a timeout applies nothing twice, but on a
      // loaded platform it would only add load).
      { timeoutMs: Math.max(this.#options.timeoutMs * 4, BATCH_TIMEOUT_MIN_MS), ...meta },
      (record) => this.#options.record(record),
      true,
    );
    if (sent.kind === 'unknown') return sent;
    const { answer, record } = sent;
    const value = answer.value as { items?: unknown } | null;
    const answered =
      answer.success && Array.isArray(value?.items) && value.items.length === items.length
        ? (value.items as WalletItemAnswer[])
        : null;
    const rows: WalletCallRecord[] = items.map((item, i) => {
      const { call, ...fields } = item;
      return {
        ...record,
        roundId: typeof item.roundId === 'string' ? item.roundId : null,
        call,
        transactionId: typeof item.transactionId === 'string' ? item.transactionId : null,
        request: redact({ vendor: this.#options.vendorCode, ...fields }),
        response: answered ? JSON.stringify(answered[i]) : record.response,
      };
    });
    if (!this.closed) {
      const many = this.#options.recordMany;
      if (many) await many(rows);
      else for (const row of rows) await this.#options.record(row);
    }
    return { kind: 'answer', httpStatus: answer.httpStatus, errorCode: answer.errorCode, items: answered };
  }

  async #send(
    brand: string,
    call: WalletCallName,
    fields: Record<string, unknown>,
    meta: CallMeta,
    record: (entry: WalletCallRecord) => Promise<void>,
    deferDecided = meta.deferRecord === true,
  ): Promise<
    | { kind: 'answer'; answer: Extract<WalletAnswer, { kind: 'answer' }>; record: WalletCallRecord }
    | { kind: 'unknown'; reason: string }
  > {
    const secret = this.#options.brands.get(brand);
    if (secret === undefined) throw new Error(`brand ${brand} is not configured`);
    const body = JSON.stringify({ vendor: this.#options.vendorCode, ...fields });
    const path = PATHS[call];
    const signature = signCall(secret, path, body);
    const headers = {
      'content-type': 'application/json',
      merchant: brand,
      [SEAMLESS_HEADER.vendor]: this.#options.vendorCode,
      [SEAMLESS_HEADER.signature]: signature,
    };
    const recorded =
      call === 'batch'
        ? JSON.stringify({
            vendor: this.#options.vendorCode,
            items: (fields.items as Record<string, unknown>[]).map(blank),
          })
        : redact({ vendor: this.#options.vendorCode, ...fields });
    const attempts = meta.attempts ?? this.#options.attempts;
    let backoff = this.#options.backoffMs ?? 150;
    let last = 'not sent';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (this.closed) throw new WalletClosedError('the wallet client is closed');
      const started = performance.now();
      const sent = await this.#request(path, headers, body, meta.timeoutMs ?? this.#options.timeoutMs);
      const httpStatus = 'status' in sent ? sent.status : null;
      const text = 'text' in sent ? sent.text : null;
      let error = 'error' in sent ? sent.error : null;
      const durationMs = Math.round(performance.now() - started);
      const answer = httpStatus === null || text === null ? null : interpret(httpStatus, text);
      if (answer === null && error === null) error = `unreadable answer (HTTP ${httpStatus})`;
      const entry: WalletCallRecord = {
        roundId: meta.roundId ?? null,
        brand,
        call,
        transactionId: meta.transactionId ?? null,
        attempt,
        request: recorded,
        httpStatus,
        response: text === null ? null : text.slice(0, RESPONSE_KEEP),
        error,
        durationMs,
      };
      const decided = answer !== null && !isTemporary(answer);
      if (!this.closed && !(decided && deferDecided)) await record(entry);
      if (this.closed) throw new WalletClosedError('the wallet client is closed');
      if (decided) return { kind: 'answer', answer, record: entry };
      last = answer ? `HTTP ${answer.httpStatus} ${answer.errorCode}` : (error ?? 'no answer');
      if (attempt < attempts) {
        await sleep(backoff + Math.floor(Math.random() * backoff), this.#closing.signal);
        backoff = Math.min(backoff * 2, 1_000);
      }
    }
    return { kind: 'unknown', reason: last };
  }
}

/** An HTTP answer as the platform's envelope; null when it is not one (treated like no answer). */
function interpret(httpStatus: number, text: string): Extract<WalletAnswer, { kind: 'answer' }> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return httpStatus >= 500 || httpStatus === 429
      ? { kind: 'answer', httpStatus, success: false, errorCode: 'http_error', value: null }
      : null;
  }
  const envelope = parsed as { success?: unknown; errorCode?: unknown; value?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.success !== 'boolean') {
    return httpStatus >= 400
      ? { kind: 'answer', httpStatus, success: false, errorCode: 'http_error', value: null }
      : null;
  }
  return {
    kind: 'answer',
    httpStatus,
    success: envelope.success && httpStatus === 200,
    errorCode: typeof envelope.errorCode === 'string' ? envelope.errorCode : '',
    value: envelope.value ?? null,
  };
}

/** No decision was taken: repeat the same call. */
function isTemporary(answer: Extract<WalletAnswer, { kind: 'answer' }>): boolean {
  return answer.httpStatus >= 500 || answer.httpStatus === 429 || answer.errorCode === 'wallet_busy';
}
