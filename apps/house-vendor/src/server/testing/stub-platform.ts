import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { SEAMLESS_HEADER } from '@lotus/contracts/seamless';
import { seamlessSignatureMatches } from '@lotus/server-common/signature';

/**
 * A local stand-in for the platform's seamless-wallet API, for the vendor's tests only. It keeps the
 * money rules the vendor relies on (money-rules.md): every call's signature is verified before
 * anything else (@lotus/server-common/signature, the platform's own check); a transaction id is
 * applied once and a repeat answers the original answer; a rollback of an unknown bet leaves a
 * tombstone; nothing of an ended round moves money. `fault` decides per received call whether it is answered, dropped, lost after being
 * applied, held, answered as a temporary error or refused.
 */

export type Fault =
  | 'ok'
  /** The connection is cut before anything is applied. */
  | 'drop'
  /** The call is applied, then the connection is cut: the caller never hears the answer. */
  | 'lose-reply'
  /** Never answered (until the stub stops); nothing applied. */
  | 'hang'
  /** 503 wallet_busy, nothing applied. */
  | 'busy'
  /** 500 with a non-JSON body, nothing applied. */
  | 'error'
  /** A final refusal (200, errorCode `refused_by_test`), nothing applied. */
  | 'refuse';

export type ReceivedCall = {
  path: string;
  merchant: string | undefined;
  vendor: string | undefined;
  signatureValid: boolean;
  body: Record<string, unknown>;
  raw: string;
  /** An item of a `/seamless/v1/batch` call, recorded under its single call's path. */
  batched?: boolean;
};

type Answer = {
  status: number;
  body: { success: boolean; value: unknown; message: string; errorCode: string };
};

type Bet = {
  playerId: string;
  amount: bigint;
  roundId: string;
  state: 'open' | 'won' | 'rolled_back';
  /** A free spin's grant (its round was taken instead of the stake). */
  grant?: StubGrant;
};

/** A free-round grant as the platform keeps it (docs/free-rounds.md). */
export type StubGrant = {
  grantId: string;
  game: string;
  stake: bigint;
  remaining: number;
  expiresAt: string;
};

export type StubPlayer = { balance: bigint; currency: string; token: string; currencySymbol?: string };

export class StubPlatform {
  readonly secrets = new Map<string, string>();
  readonly vendor: string;
  readonly players = new Map<string, StubPlayer>();
  /** Free-round grants per player, listed by the session answer of their game. */
  readonly grants = new Map<string, StubGrant[]>();
  readonly received: ReceivedCall[] = [];
  /** Money movements applied (never counts a repeat). */
  readonly applied = { bets: 0, wins: 0, rollbacks: 0, roundEnds: 0 };
  fault: (call: ReceivedCall, nth: number) => Fault = () => 'ok';
  /** How long every call waits before it is applied (a platform under load), ms. */
  latencyMs = 0;
  /** Calls being handled now and the most at once, per path (how concurrent the vendor is). */
  readonly inFlight = new Map<string, number>();
  readonly peakInFlight = new Map<string, number>();
  url = '';

  readonly #launches = new Map<
    string,
    { playerId: string; game: string; mode: 'real' | 'demo' | 'free'; used: boolean }
  >();
  readonly #tokens = new Map<string, string>();
  readonly #transactions = new Map<string, { fingerprint: string; answer: Answer }>();
  readonly #bets = new Map<string, Bet>();
  readonly #tombstones = new Set<string>();
  readonly #rounds = new Map<string, 'open' | 'settled' | 'cancelled'>();
  readonly #held = new Set<ServerResponse>();
  readonly #server = createServer((request, response) => {
    void this.#handle(request, response);
  });

  constructor(options: { vendor?: string; brands?: Record<string, string> } = {}) {
    this.vendor = options.vendor ?? 'HOUSE';
    for (const [merchant, secret] of Object.entries(
      options.brands ?? { DEMO: 'test-secret-0123456789abcdef' },
    ))
      this.secrets.set(merchant, secret);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.#held) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** A player with a balance (minor units) and a seamless token. */
  addPlayer(playerId: string, balance: bigint, currency = 'PHP', currencySymbol?: string): StubPlayer {
    const player: StubPlayer = { balance, currency, token: `tok_${randomBytes(12).toString('hex')}` };
    if (currencySymbol !== undefined) player.currencySymbol = currencySymbol;
    this.players.set(playerId, player);
    this.#tokens.set(player.token, playerId);
    return player;
  }

  /** Gives a player free rounds of a game at a stake (minor units). */
  addGrant(playerId: string, grant: Omit<StubGrant, 'expiresAt'> & { expiresAt?: string }): StubGrant {
    const full = { expiresAt: new Date(Date.now() + 86_400_000).toISOString(), ...grant };
    this.grants.set(playerId, [...(this.grants.get(playerId) ?? []), full]);
    return full;
  }

  /** A launch token for a player and game, as the platform's launchGame would issue. */
  launch(playerId: string, game: string, mode: 'real' | 'demo' | 'free' = 'real'): string {
    const token = `launch_${randomBytes(16).toString('hex')}`;
    this.#launches.set(token, { playerId, game, mode, used: false });
    return token;
  }

  calls(path: string): ReceivedCall[] {
    return this.received.filter((call) => call.path === path);
  }

  roundStatus(roundId: string) {
    return this.#rounds.get(roundId);
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const now = (this.inFlight.get(path) ?? 0) + 1;
    this.inFlight.set(path, now);
    this.peakInFlight.set(path, Math.max(now, this.peakInFlight.get(path) ?? 0));
    response.once('close', () => this.inFlight.set(path, (this.inFlight.get(path) ?? 1) - 1));
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const merchant = header(request, 'merchant');
    const vendor = header(request, SEAMLESS_HEADER.vendor);
    const secret = merchant === undefined ? undefined : this.secrets.get(merchant);
    const signatureValid =
      secret !== undefined &&
      vendor === this.vendor &&
      seamlessSignatureMatches(
        secret,
        request.method ?? '',
        path,
        raw,
        header(request, SEAMLESS_HEADER.signature),
      );
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      body = {};
    }
    const call: ReceivedCall = { path, merchant, vendor, signatureValid, body, raw: raw.toString('utf8') };
    this.received.push(call);
    const nth = this.received.filter((c) => c.path === path).length;
    const fault = signatureValid ? this.fault(call, nth) : 'ok';
    if (fault === 'drop') return response.socket?.destroy();
    if (fault === 'hang') {
      this.#held.add(response);
      return;
    }
    if (fault === 'busy') return send(response, fail(503, 'wallet_busy'));
    if (fault === 'refuse') return send(response, fail(200, 'refused_by_test'));
    if (fault === 'error') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end('upstream exploded');
    }
    if (signatureValid && path === '/seamless/v1/batch') return this.#batch(call, response, fault);
    const answer = signatureValid ? this.#apply(path, body) : fail(401, 'vendor_signature_invalid');
    if (fault === 'lose-reply') return response.socket?.destroy();
    send(response, answer);
  }

  /**
   * The batch call as the platform answers it: each item recorded and faulted as its own single call
   * (under that call's path, `batched`), applied on its own and answered in order. An item's `drop`,
   * `hang` or `error` fault fails the whole request before anything is applied; `lose-reply` applies
   * every item and cuts the connection; `busy` and `refuse` answer that item only (after a busy item
   * the later items of its round answer busy too, as the platform's do).
   */
  #batch(batch: ReceivedCall, response: ServerResponse, batchFault: Fault) {
    const items = Array.isArray(batch.body.items) ? (batch.body.items as Record<string, unknown>[]) : [];
    const keys = items.map((i) => (i.call === 'roundEnd' ? `end|${i.roundId}` : `tx|${i.transactionId}`));
    if (
      batch.body.vendor !== this.vendor ||
      items.length === 0 ||
      items.length > 500 ||
      new Set(keys).size < keys.length
    )
      return send(response, fail(400, 'request_param_err'));
    const calls = items.map(({ call, ...fields }) => {
      const body = { vendor: batch.body.vendor, ...fields };
      const single: ReceivedCall = {
        ...batch,
        path: `/seamless/v1/${String(call)}`,
        body,
        raw: JSON.stringify(body),
        batched: true,
      };
      this.received.push(single);
      const nth = this.received.filter((c) => c.path === single.path).length;
      return { call: String(call), single, fault: this.fault(single, nth) };
    });
    const faults = new Set([batchFault, ...calls.map((c) => c.fault)]);
    if (faults.has('drop')) return response.socket?.destroy();
    if (faults.has('hang')) {
      this.#held.add(response);
      return;
    }
    if (faults.has('error')) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end('upstream exploded');
    }
    const busyRounds = new Set<string>();
    const answers = calls.map(({ call, single, fault }) => {
      const round = String(single.body.roundId);
      const answer =
        fault === 'busy' || busyRounds.has(round)
          ? fail(503, 'wallet_busy')
          : fault === 'refuse'
            ? fail(200, 'refused_by_test')
            : this.#apply(single.path, single.body);
      if (answer.body.errorCode === 'wallet_busy') busyRounds.add(round);
      return {
        call,
        transactionId: typeof single.body.transactionId === 'string' ? single.body.transactionId : null,
        roundId: String(single.body.roundId),
        ...answer.body,
      };
    });
    if (faults.has('lose-reply')) return response.socket?.destroy();
    send(response, ok({ items: answers }));
  }

  #apply(path: string, body: Record<string, unknown>): Answer {
    if (body.vendor !== this.vendor) return fail(400, 'request_param_err');
    switch (path) {
      case '/seamless/v1/session':
        return this.#session(body);
      case '/seamless/v1/balance': {
        const player = this.#playerOf(body.token);
        return player ? ok(balanceValue(player)) : fail(200, 'vendor_session_invalid');
      }
      case '/seamless/v1/bet':
        return this.#once(body, () => this.#bet(body));
      case '/seamless/v1/win':
        return this.#once(body, () => this.#win(body));
      case '/seamless/v1/rollback':
        return this.#once(body, () => this.#rollback(body));
      case '/seamless/v1/roundEnd':
        return this.#roundEnd(body);
      default:
        return fail(404, 'not_found');
    }
  }

  #session(body: Record<string, unknown>): Answer {
    const launch = typeof body.launchToken === 'string' ? this.#launches.get(body.launchToken) : undefined;
    if (!launch || launch.used) return fail(200, 'launch_token_invalid');
    launch.used = true;
    const player = this.players.get(launch.playerId);
    if (!player) return fail(200, 'launch_token_invalid');
    return ok({
      mode: launch.mode,
      token: launch.mode === 'free' ? null : player.token,
      playerId: launch.playerId,
      nickname: `nick-${launch.playerId}`,
      gameId: launch.game,
      currency: player.currency,
      ...(player.currencySymbol === undefined ? {} : { currencySymbol: player.currencySymbol }),
      language: 'EN',
      balance: launch.mode === 'free' ? null : formatAmount(player.balance, player.currency),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      freeRounds:
        launch.mode === 'real'
          ? (this.grants.get(launch.playerId) ?? [])
              .filter((g) => g.game === launch.game && g.remaining > 0)
              .map((g) => ({
                grantId: g.grantId,
                game: g.game,
                stake: formatAmount(g.stake, player.currency),
                remaining: g.remaining,
                expiresAt: g.expiresAt,
              }))
          : [],
    });
  }

  #playerOf(token: unknown): StubPlayer | undefined {
    const id = typeof token === 'string' ? this.#tokens.get(token) : undefined;
    return id === undefined ? undefined : this.players.get(id);
  }

  /** Same id, same content: the original answer; same id, other content: a mismatch. */
  #once(body: Record<string, unknown>, run: () => Answer): Answer {
    const id = String(body.transactionId);
    const fingerprint = JSON.stringify(body);
    const seen = this.#transactions.get(id);
    if (seen) return seen.fingerprint === fingerprint ? seen.answer : fail(200, 'idempotency_mismatch');
    const answer = run();
    this.#transactions.set(id, { fingerprint, answer });
    return answer;
  }

  #bet(body: Record<string, unknown>): Answer {
    const player = this.#playerOf(body.token);
    if (!player) return fail(200, 'vendor_session_invalid');
    const playerId = this.#tokens.get(String(body.token)) ?? '';
    const amount = parseAmount(String(body.amount), player.currency);
    if (amount === null || amount < 0n) return fail(400, 'amount_invalid');
    const roundId = String(body.roundId);
    if (this.#tombstones.has(String(body.transactionId)))
      return fail(200, 'bet_cancelled', balanceValue(player));
    const round = this.#rounds.get(roundId);
    if (round && round !== 'open') return fail(200, 'round_closed', balanceValue(player));
    if (body.freeRoundGrantId !== undefined) {
      // A free spin: one round of the player's grant for this game and stake, nothing debited.
      const grant = (this.grants.get(playerId) ?? []).find(
        (g) =>
          g.grantId === body.freeRoundGrantId &&
          g.game === body.gameId &&
          g.stake === amount &&
          g.remaining > 0,
      );
      if (!grant) return fail(200, 'free_round_invalid');
      grant.remaining -= 1;
      this.#rounds.set(roundId, 'open');
      this.#bets.set(String(body.transactionId), { playerId, amount: 0n, roundId, state: 'open', grant });
      this.applied.bets += 1;
      return ok(balanceValue(player));
    }
    if (player.balance < amount) return fail(200, 'insufficient_balance', balanceValue(player));
    player.balance -= amount;
    this.#rounds.set(roundId, 'open');
    this.#bets.set(String(body.transactionId), { playerId, amount, roundId, state: 'open' });
    this.applied.bets += 1;
    return ok(balanceValue(player));
  }

  #win(body: Record<string, unknown>): Answer {
    const bet = this.#bets.get(String(body.betTransactionId));
    if (!bet) return fail(200, 'bet_not_found');
    const player = this.players.get(bet.playerId)!;
    if (bet.roundId !== body.roundId) return fail(200, 'round_mismatch', balanceValue(player));
    if (bet.state === 'rolled_back') return fail(200, 'bet_cancelled', balanceValue(player));
    if (this.#rounds.get(bet.roundId) !== 'open') return fail(200, 'round_closed', balanceValue(player));
    const amount = parseAmount(String(body.amount), player.currency);
    if (amount === null) return fail(400, 'amount_invalid');
    player.balance += amount;
    bet.state = 'won';
    this.applied.wins += 1;
    return ok(balanceValue(player));
  }

  #rollback(body: Record<string, unknown>): Answer {
    const betId = String(body.betTransactionId);
    const bet = this.#bets.get(betId);
    if (!bet) {
      this.#tombstones.add(betId);
      return fail(200, 'bet_not_found');
    }
    const player = this.players.get(bet.playerId)!;
    if (bet.state === 'won') return fail(200, 'bet_already_settled', balanceValue(player));
    if (this.#rounds.get(bet.roundId) !== 'open') return fail(200, 'round_closed', balanceValue(player));
    player.balance += bet.amount;
    if (bet.grant) bet.grant.remaining += 1;
    bet.state = 'rolled_back';
    this.applied.rollbacks += 1;
    return ok(balanceValue(player));
  }

  #roundEnd(body: Record<string, unknown>): Answer {
    const roundId = String(body.roundId);
    const current = this.#rounds.get(roundId);
    if (current === undefined || current === 'open') {
      const standing = [...this.#bets.values()].some(
        (b) => b.roundId === roundId && b.state !== 'rolled_back',
      );
      this.#rounds.set(roundId, standing ? 'settled' : 'cancelled');
      this.applied.roundEnds += 1;
    }
    return ok({ roundId, status: this.#rounds.get(roundId) });
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function balanceValue(player: StubPlayer) {
  return { balance: formatAmount(player.balance, player.currency), currency: player.currency };
}

function ok(value: unknown): Answer {
  return { status: 200, body: { success: true, value, message: '', errorCode: '' } };
}

function fail(status: number, errorCode: string, value: unknown = null): Answer {
  return { status, body: { success: false, value, message: errorCode, errorCode } };
}

function send(response: ServerResponse, answer: Answer) {
  const text = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
