import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOGUE, type ErrorCode } from '@lotus/contracts/errors';
import { describe, expect, it } from 'vitest';

/**
 * The published error catalogue checked against the wire protocol (wire-protocol.md, "Response
 * envelope") and against the sources: every code has a status the protocol lists, and every code is
 * raised somewhere (a code nobody raises is either raised where the spec says or removed).
 */
const root = path.join(import.meta.dirname, '..');

/**
 * wire-protocol.md: "HTTP status 200 for handled business outcomes, 400 for malformed input, 401
 * when the token is missing, invalid or replaced, 429 when throttled, 5xx only for real faults";
 * 0 marks a condition the browser raises (never an HTTP answer).
 */
function wireAllows(status: number): boolean {
  return [0, 200, 400, 401, 429].includes(status) || (status >= 500 && status < 600);
}

/**
 * Codes answered with a status outside that table, each with its reason. The member-facing calls of
 * the protocol (`/wps`, `/lgw`) have none: what is left is HTTP's own answer for a path that is not a
 * call at all, and the back office's operator codes (`/bo/v1`, our own API, not a call of the
 * member sites the protocol describes).
 */
const OUTSIDE_WIRE: Partial<Record<ErrorCode, string>> = {
  not_found:
    'a path that is no call (unknown route, missing asset, avatar or product image): browsers and caches need HTTP 404',
  operator_forbidden: 'back office only: an operator without the role (/bo/v1)',
  operator_password_change_required: 'back office only: an operator who must change the password first',
  operator_not_found: 'back office only: an operator id of another brand or none',
  member_not_found: 'back office only: a member id of another brand or none (adjustments, statements)',
  adjustment_not_found: 'back office only: an adjustment id of another brand or none',
  adjustment_same_operator: 'back office only: the four-eyes rule of adjustments',
  agent_not_found: 'back office only: an agent id of another brand or none (/bo/v1/agents/members/:id)',
  limit_operator_increase: 'back office only: an operator may set or lower a limit, never raise it',
  member_timed_out:
    'the login of a member on a time-out: 423 (locked for a time) so the answer carries the end date in `value`, which the 200 schema of the login route (a session) cannot',
  member_self_excluded:
    'the login of a self-excluded member: 423 like member_timed_out, with the end date in `value`',
};

/** Codes the wire protocol itself pins to a status. */
const PINNED: Partial<Record<ErrorCode, number>> = {
  'login.not.session': 401,
  'user.or.token.invalid': 401,
  CUSTOMER_NOT_LOGIN: 401,
  TOO_MANY_REQUESTS: 429,
  request_param_err: 400,
  request_body_required: 400,
  'function.not.available': 400,
  system_error: 500,
};

/** Codes no server source raises because a client raises them, each with its reason. */
const CLIENT_ONLY: Partial<Record<ErrorCode, string>> = {
  network_abnormal: 'a fetch that failed or answered no JSON (web and back-office API clients)',
  page_slow: 'a page chunk still loading after 10 s (web chunk-load)',
  popup_blocked: 'window.open refused by the browser (customer-service window)',
  chunk_load_failed: 'a page chunk that failed or stalled 120 s (web chunk-load)',
  stylesheet_load_failed: "Vite's preload error for a stylesheet (web chunk-load)",
  domain_invalid:
    "the site's start-up gate, when the status call refuses the domain with function.not.available",
};

function sources(dir: string, extensions: readonly string[], out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'testing') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, extensions, out);
    else if (
      extensions.some((e) => entry.name.endsWith(e)) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !full.includes(`${path.sep}errors${path.sep}`) &&
      !full.endsWith(`${path.sep}errors.ts`)
    ) {
      out.push(full);
    }
  }
  return out;
}

const read = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');

/** Server code: the API (TypeScript and its PL/pgSQL files) and the shared validation it runs. */
const serverText = read([
  ...sources(path.join(root, 'apps/api/src'), ['.ts', '.sql']),
  ...sources(path.join(root, 'packages/contracts/src'), ['.ts']),
  ...sources(path.join(root, 'packages/server-common/src'), ['.ts']),
]);
const clientText = read([
  ...sources(path.join(root, 'apps/web/src'), ['.ts', '.tsx']),
  ...sources(path.join(root, 'apps/backoffice/src'), ['.ts', '.tsx']),
]);

/** A code as a string literal (`'code'`, `"code"`) or a SQL exception's `'<area>:code'`. */
function raises(text: string, code: string): boolean {
  const escaped = code.replaceAll('.', '\\.');
  return new RegExp(`['"\`:]${escaped}['"\`]`).test(text);
}

describe('the error catalogue against the wire protocol', () => {
  it('answers every code with a status of the wire table, or one listed with its reason', () => {
    const outside = ERROR_CATALOGUE.filter((e) => !wireAllows(e.status)).map((e) => e.code);
    expect(outside.sort()).toEqual(Object.keys(OUTSIDE_WIRE).sort());
  });

  it('keeps the statuses the wire protocol names', () => {
    for (const [code, status] of Object.entries(PINNED)) {
      expect(ERROR_CATALOGUE.find((e) => e.code === code)?.status, code).toBe(status);
    }
  });

  it('answers the member-facing refusals as handled outcomes (200), never 403', () => {
    for (const code of [
      'access_restricted',
      'trial_account_restricted',
      'error_not_agent',
      'member_no_enter',
      'account_locked',
    ] as const) {
      expect(ERROR_CATALOGUE.find((e) => e.code === code)?.status, code).toBe(200);
    }
  });
});

describe('the error catalogue against the sources', () => {
  it('has no code that no source raises (client-only codes are listed with their reason)', () => {
    const unraised = ERROR_CATALOGUE.map((e) => e.code).filter(
      (code) => !raises(serverText, code) && !(code in CLIENT_ONLY),
    );
    expect(unraised).toEqual([]);
  });

  it('lists as client-only exactly the codes a client raises and the server does not', () => {
    for (const code of Object.keys(CLIENT_ONLY)) {
      expect(raises(clientText, code), `${code} is raised by a client`).toBe(true);
      expect(raises(serverText, code), `${code} is not raised by the server`).toBe(false);
    }
    for (const entry of ERROR_CATALOGUE.filter((e) => e.status === 0)) {
      expect(Object.keys(CLIENT_ONLY), entry.code).toContain(entry.code);
    }
  });

  it('notices a code that only a comment or a longer code mentions', () => {
    expect(raises("throw new AppError('bet_not_found');", 'bet_not_found')).toBe(true);
    expect(raises("raise exception 'seamless:round_mismatch';", 'round_mismatch')).toBe(true);
    expect(raises('// answers bet_not_found here', 'bet_not_found')).toBe(false);
    expect(raises("new AppError('upload_quota_exceeded')", 'quota_exceeded')).toBe(false);
    expect(raises("'login.not.session'", 'login.not.session')).toBe(true);
    expect(raises("'loginXnotXsession'", 'login.not.session')).toBe(false);
  });
});
