import { encryptPayload, importPublicKeyPem } from '@lotus/contracts/crypto-envelope';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../../test/money.ts';
import { createOperator, operatorLogin } from '../../test/operators.ts';
import { headers, setupTestApp } from '../../test/support.ts';
import { memberWithFunds, type SignedIn } from '../../test/withdrawals.ts';
import { createVendor, issueVendorSession } from '../harness.ts';
import { THROTTLE_RULES, type ThrottleRules } from './throttle.ts';

/**
 * Fuzzes every operation of the served OpenAPI document: each path parameter, query parameter and
 * body field gets wrong types, huge and empty strings, NUL, odd unicode, numbers past int64,
 * negatives and impossible dates, with a valid Merchant header and a member token (an operator
 * token under /bo/); sealed (E) bodies are sealed like the browser does; multipart routes get
 * malformed forms; seamless-wallet calls are signed with a real vendor's secret over the exact
 * mutated bytes (and carry a live player token), so their bodies reach the checks behind the
 * signature. Any 5xx fails the test with the operation and the payload. Deterministic: the
 * mutations are a fixed list and the few random choices come from SEED.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const unlimited = Object.fromEntries(
  Object.keys(THROTTLE_RULES).map((name) => [name, { points: 1_000_000, seconds: 1 }]),
) as ThrottleRules;
const ctx = setupTestApp({
  throttle: unlimited,
  rateLimits: {
    feedback: { max: 1_000_000, timeWindow: 1000 },
    language: { max: 1_000_000, timeWindow: 1000 },
    depositUpload: { max: 1_000_000, timeWindow: 1000 },
  },
});

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const LONG = 'x'.repeat(20_000);
/** Values put in place of one field at a time. */
const MUTATIONS: unknown[] = [
  123,
  -1,
  1.5,
  true,
  null,
  {},
  [],
  [1, 'a'],
  { nested: { deeper: 'a\u0000' } },
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  LONG,
  '\uD800',
  '😀𝔘\u202E\u200Bمرحبا中文',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999999',
  '-9223372036854775809',
  '-1',
  '0',
  '1e308',
  '0.0000000001',
  '99999999999999999999.99',
  'NaN',
  2 ** 63,
  -(2 ** 63),
  1e308,
  "'; select pg_sleep(1); --",
  '../../../../etc/passwd',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  '-000001-01-01',
];
/** Tried on every field; the rest of MUTATIONS are drawn per field from the seed. */
const ALWAYS: unknown[] = ['a\u0000b', LONG, '9223372036854775808', 2 ** 63, {}, '', '2026-02-30'];
const DRAWN = MUTATIONS.filter((m) => !ALWAYS.includes(m));
const DRAWN_PER_FIELD = 3;
const isText = (m: unknown): m is string | number => typeof m === 'string' || typeof m === 'number';
const PATTERN_CANDIDATES = [
  '1',
  '1.00',
  '100',
  'abc12345',
  'Abc12345',
  'ABCDEFGH12',
  'DEMO',
  'en',
  'EN',
  'a',
];

function resolve(doc: OpenApi, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc, doc.components?.schemas?.[name]);
  }
  return schema;
}

/** A plausible valid value, so that mutating one field reaches code past the others' checks. */
function sample(doc: OpenApi, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const first = union.find((s) => resolve(doc, s).type !== 'null') ?? union[0];
    return sample(doc, first, depth + 1);
  }
  if (schema.allOf?.length) return sample(doc, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(schema.properties ?? {}))
      out[name] = sample(doc, inner, depth + 1);
    return out;
  }
  if (type === 'array') {
    return Array.from({ length: schema.minItems ?? 0 }, () => sample(doc, schema.items, depth + 1));
  }
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'date-time') return new Date(0).toISOString();
    if (schema.format === 'date') return '2026-01-01';
    if (schema.pattern) {
      const regex = new RegExp(schema.pattern);
      const hit = PATTERN_CANDIDATES.find((c) => regex.test(c));
      if (hit) return hit;
    }
    return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  return 'a';
}

type Failure = { operation: string; field: string; payload: string; status: number; body: string };

/** Percent-encoding that also carries a lone surrogate (encodeURIComponent throws on it). */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}... (${text.length} chars)` : text;
}

/** The vendor whose secret signs the seamless calls. */
const VENDOR_CODE = 'FUZZ';
const isSeamless = (path: string) => path.startsWith('/seamless/');
/** Seamless calls in the order of a game round (the round's end last); everything else after them. */
const SEAMLESS_ORDER = ['balance', 'bet', 'win', 'betWin', 'rollback', 'roundEnd'];
function seamlessRank(path: string): number {
  if (!isSeamless(path)) return SEAMLESS_ORDER.length + 1;
  const index = SEAMLESS_ORDER.indexOf(path.split('/').pop() ?? '');
  return index === -1 ? SEAMLESS_ORDER.length : index;
}

describe('OpenAPI fuzz', () => {
  let member: SignedIn;
  let operatorToken: string;
  let vendorSecret: string;
  /** Valid values of a seamless body (vendor, live player token, currency...), before one is mutated. */
  let seamlessBase: Record<string, unknown>;
  beforeAll(async () => {
    member = await memberWithFunds(ctx, { funds: 100_000n });
    vendorSecret = (await createVendor(ctx.db, { merchantCode: 'DEMO', code: VENDOR_CODE })).secret;
    const player = await issueVendorSession(ctx.db, member.id, VENDOR_CODE, 'fuzz-game', { ttlMinutes: 60 });
    seamlessBase = {
      vendor: VENDOR_CODE,
      token: player.token,
      betTransactionId: 'fuzz-bet',
      roundId: 'fuzz-round-1',
      gameId: 'fuzz-game',
      amount: '1.00',
      betAmount: '1.00',
      winAmount: '2.00',
      currency: 'MYR',
    };
    await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username: 'fuzzadmin',
      password: 'Operator123!',
      role: 'admin',
    });
    operatorToken = await operatorLogin(ctx, {
      merchantCode: 'DEMO',
      username: 'fuzzadmin',
      password: 'Operator123!',
    });
  });

  it('answers no 5xx to any malformed field of any operation', { timeout: 240_000 }, async () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    const random = seeded(SEED);
    const key = await importPublicKeyPem(
      (
        (
          await ctx.app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: headers() })
        ).json() as {
          value: { publicKey: string };
        }
      ).value.publicKey,
    );
    const failures: Failure[] = [];
    const mutationsOfField = () => {
      const drawn = new Set<unknown>();
      while (drawn.size < DRAWN_PER_FIELD) drawn.add(DRAWN[random.int(0, DRAWN.length - 1)]);
      return [...ALWAYS, ...drawn];
    };
    let requests = 0;
    /** Answers of signed seamless calls refused at the signature check (must stay empty). */
    const unsigned: string[] = [];
    let seamlessCalls = 0;
    /** The answer (errorCode, '' for success) of each seamless operation's unmutated body. */
    const seamlessBaseline: Record<string, string> = {};
    const started = Date.now();

    // Seamless calls run first, before the back-office operations rotate or switch off vendors
    // (ids 1, 2...) and so the fuzz vendor's secret; operations that end the caller's session run
    // last, so the others keep their token.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      )
      .sort(
        (a, b) =>
          seamlessRank(a.path) - seamlessRank(b.path) ||
          Number(a.path.includes('logout')) - Number(b.path.includes('logout')),
      );
    expect(operations.length).toBeGreaterThan(50);

    for (const { path, method, operation } of operations) {
      const name = `${method} ${path}`;
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const content = operation.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in content;
      const bodySchema = resolve(doc, content['application/json']?.schema);
      const token = path.startsWith('/bo/') ? operatorToken : member.token;
      const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(doc, p.schema))]));
      const baseQuery = Object.fromEntries(
        queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(doc, p.schema))]),
      );
      const seamless = isSeamless(path);
      const sampled = content['application/json'] ? sample(doc, bodySchema) : undefined;
      const baseBody =
        seamless && sampled && typeof sampled === 'object'
          ? Object.fromEntries(
              Object.keys(sampled)
                // A free spin needs a grant the fuzz's player has none of: the baseline bet is paid
                // (freeRoundGrantId is still mutated below like every field).
                .filter((k) => k !== 'freeRoundGrantId')
                .map((k) => [
                  k,
                  // Each operation its own transaction id (the bet's is the one a win names).
                  k === 'transactionId'
                    ? `fuzz-${path.split('/').pop()}`
                    : (seamlessBase[k] ?? (sampled as Record<string, unknown>)[k]),
                ]),
            )
          : sampled;

      const url = (values: Record<string, string>, query: Record<string, string>) => {
        let out = path;
        for (const [k, v] of Object.entries(values)) out = out.replace(`{${k}}`, encodePathValue(v));
        const qs = new URLSearchParams(query).toString();
        return qs ? `${out}?${qs}` : out;
      };
      // E calls (sealed bodies) answer request_body_required to a plain body: seal theirs.
      let sealedBody = false;
      const send = async (
        field: string,
        options: {
          method: InjectOptions['method'];
          url: string;
          body?: unknown;
          payload?: string;
          headers?: Record<string, string>;
        },
      ) => {
        requests += 1;
        const base = {
          ...headers(),
          authorization: token,
          ...options.headers,
        };
        let payload: unknown = options.payload;
        let extra: Record<string, string> = {};
        if (seamless) {
          // Signed like a vendor signs: over the method, the route's path and the exact body bytes.
          const raw = options.payload ?? JSON.stringify(options.body ?? null);
          payload = raw;
          extra = {
            'content-type': options.headers?.['content-type'] ?? 'application/json',
            'x-vendor': VENDOR_CODE,
            'x-signature': await signSeamlessRequest(vendorSecret, method, path, raw),
          };
        } else if (options.body !== undefined && sealedBody) {
          const envelope = await encryptPayload(key, options.body);
          payload = envelope.body;
          extra = envelope.headers;
        } else if (options.body !== undefined) {
          payload = options.body;
        }
        const res = await ctx.app.inject({
          method: options.method,
          url: options.url,
          remoteAddress: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
          headers: { ...base, ...extra },
          ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
        });
        if (seamless) {
          seamlessCalls += 1;
          const code = (res.json() as { errorCode?: string }).errorCode ?? '';
          if (code === 'vendor_signature_invalid') unsigned.push(`${name} ${field}`);
          if (field === '(baseline)') seamlessBaseline[name] = code;
        }
        if (res.statusCode >= 500) {
          failures.push({
            operation: name,
            field,
            payload: describeValue(options.body ?? options.url),
            status: res.statusCode,
            body: res.body.slice(0, 200),
          });
        }
        return res;
      };
      const methodOf = method as InjectOptions['method'];

      if (baseBody !== undefined) {
        const probe = await send('(baseline)', {
          method: methodOf,
          url: url(baseParams, baseQuery),
          body: baseBody,
        });
        sealedBody = probe.json<{ errorCode?: string }>().errorCode === 'request_body_required';
        if (sealedBody)
          await send('(baseline sealed)', {
            method: methodOf,
            url: url(baseParams, baseQuery),
            body: baseBody,
          });
      } else {
        await send('(baseline)', { method: methodOf, url: url(baseParams, baseQuery) });
      }

      for (const p of pathParams) {
        for (const m of mutationsOfField().filter(isText)) {
          if (m === '') continue;
          await send(`path.${p.name}`, {
            method: methodOf,
            url: url({ ...baseParams, [p.name]: String(m) }, baseQuery),
            ...(baseBody !== undefined ? { body: baseBody } : {}),
          });
        }
      }
      for (const p of queryParams) {
        for (const m of mutationsOfField().filter(isText)) {
          await send(`query.${p.name}`, {
            method: methodOf,
            url: url(baseParams, { ...baseQuery, [p.name]: String(m) }),
            ...(baseBody !== undefined ? { body: baseBody } : {}),
          });
        }
      }
      if (baseBody !== undefined && typeof baseBody === 'object' && baseBody !== null) {
        const fields = Object.keys(bodySchema.properties ?? {});
        for (const field of fields) {
          for (const m of mutationsOfField()) {
            await send(`body.${field}`, {
              method: methodOf,
              url: url(baseParams, baseQuery),
              body: { ...(baseBody as Record<string, unknown>), [field]: m },
            });
          }
        }
        for (const whole of [[], 'text', 42, null, { '\u0000': 1 }]) {
          await send('body', { method: methodOf, url: url(baseParams, baseQuery), body: whole });
        }
      }
      if (multipart) {
        const forms: [string, string][] = [
          ['multipart/form-data', 'garbage'],
          ['multipart/form-data; boundary=XYZ', ''],
          [
            'multipart/form-data; boundary=XYZ',
            '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
          ],
          [
            'multipart/form-data; boundary=XYZ',
            '--XYZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XYZ--\r\n',
          ],
          [
            'multipart/form-data; boundary=XYZ',
            '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000\r\n--XYZ--\r\n',
          ],
          [
            'multipart/form-data; boundary=XYZ',
            `--XYZ\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n--XYZ--\r\n`,
          ],
          ['multipart/form-data; boundary=', '----\r\n'],
        ];
        for (const [type, body] of forms) {
          await send(`multipart ${type}`, {
            method: methodOf,
            url: url(baseParams, baseQuery),
            headers: { 'content-type': type },
            payload: body,
          });
        }
      }
      // A revoked session (password change, logout) would hide later routes behind 401: refresh it.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { ...headers(), authorization: member.token },
      });
      if (me.statusCode !== 200) member = await memberWithFunds(ctx, { funds: 100_000n });
    }
    const seconds = (Date.now() - started) / 1000;
    const report = failures.map((f) => `${f.status} ${f.operation} ${f.field} = ${f.payload}: ${f.body}`);
    expect(report, `seed ${SEED}, ${requests} requests in ${seconds.toFixed(1)} s`).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    // Every seamless operation was fuzzed past its signature.
    expect(operations.filter((o) => isSeamless(o.path)).length).toBeGreaterThanOrEqual(6);
    expect(seamlessCalls).toBeGreaterThan(300);
    expect(unsigned).toEqual([]);
    // The unmutated bodies are real calls of the live player: the bet is taken, the win pays it, a
    // rollback of the paid bet is refused, the round ends.
    expect(seamlessBaseline).toEqual({
      'POST /seamless/v1/balance': '',
      'POST /seamless/v1/bet': '',
      'POST /seamless/v1/win': '',
      'POST /seamless/v1/betWin': '',
      'POST /seamless/v1/rollback': 'bet_already_settled',
      'POST /seamless/v1/roundEnd': '',
      // The batch (after the round's calls) answers its items each on its own: the envelope succeeds.
      'POST /seamless/v1/batch': '',
      // A made-up launch token: the exchange answers it like any spent or unknown one.
      'POST /seamless/v1/session': 'launch_token_invalid',
    });
  });
});
