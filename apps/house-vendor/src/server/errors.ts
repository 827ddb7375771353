/** Errors the game pages' API answers, as `{ error: code }` with an HTTP status. */
export const VENDOR_ERRORS = {
  request_invalid: 400,
  brand_unknown: 400,
  bet_invalid: 400,
  client_seed_invalid: 400,
  session_invalid: 401,
  /** A platform notice (player-ended) whose signature does not match the brand's secret. */
  signature_invalid: 401,
  launch_invalid: 401,
  not_found: 404,
  game_unknown: 404,
  round_not_found: 404,
  round_in_progress: 409,
  table_unknown: 404,
  bet_limit: 400,
  bet_late: 409,
  insufficient_balance: 402,
  /** The platform refused the stake by the player's own limit (docs/limits.md: limit_<kind>_<period>). */
  stake_limited: 409,
  /** A free spin the session does not offer (unknown grant, other stake, none left). */
  free_round_invalid: 409,
  nothing_to_undo: 409,
  nothing_to_rebet: 409,
  bet_unconfirmed: 503,
  /** Too many attempts (a live table's socket joins per address or per player). */
  too_many_requests: 429,
  internal_error: 500,
  platform_unavailable: 503,
  /** The vendor's own database cannot be reached right now (restart, failover, cut connection). */
  service_unavailable: 503,
} as const;

export type VendorErrorCode = keyof typeof VENDOR_ERRORS;

export class VendorError extends Error {
  override name = 'VendorError';
  readonly code: VendorErrorCode;
  /** The platform's code behind a launch refusal (launch_token_invalid, ...), for the log. */
  readonly detail: string | undefined;

  constructor(code: VendorErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.detail = detail;
  }

  get status(): number {
    return VENDOR_ERRORS[this.code];
  }
}

/** A platform refusal of a stake by the player's responsible-gaming limit (or its stake gate). */
export function isStakeLimited(code: string | null | undefined): boolean {
  return !!code && (code === 'stake_refused' || /^limit_(loss|wager)_(day|week|month)$/.test(code));
}
