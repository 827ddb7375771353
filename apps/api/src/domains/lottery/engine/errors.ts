/** Why a cart or one of its slips is refused. `slipIndex` is 0-based; null when the cart as a whole is wrong. */
export type SlipErrorReason =
  | 'empty-cart'
  | 'too-many-slips'
  | 'too-long'
  | 'bad-field-count'
  | 'bad-version'
  | 'unknown-play'
  | 'wrong-game'
  | 'bad-balls'
  | 'bad-mode'
  | 'bad-series'
  | 'bad-multiple'
  | 'bad-total'
  | 'total-mismatch'
  | 'amount-too-large';

export class SlipError extends Error {
  readonly slipIndex: number | null;
  readonly reason: SlipErrorReason;
  readonly detail: string;

  constructor(slipIndex: number | null, reason: SlipErrorReason, detail = '') {
    super(`${slipIndex === null ? 'cart' : `slip ${slipIndex}`}: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'SlipError';
    this.slipIndex = slipIndex;
    this.reason = reason;
    this.detail = detail;
  }
}
