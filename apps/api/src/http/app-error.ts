import type { RefusalDetail } from '@lotus/contracts/envelope';
import { type ErrorCode, errorStatus } from '@lotus/contracts/errors';

/**
 * The one error type of the API: a catalogue code. The HTTP status comes from the catalogue and the
 * message is translated from the request's Language by the central error handler.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly fieldMessages: Record<string, string> | undefined;
  /** The answer's `value` when a refusal carries data (maintenance: its start and end time). */
  readonly value: unknown;
  /** The answer's `detail`: what a refusal names (a limit and when it frees), whatever the route's value schema. */
  readonly detail: RefusalDetail | undefined;

  constructor(
    code: ErrorCode,
    options: {
      cause?: unknown;
      fieldErrors?: Record<string, string>;
      fieldMessages?: Record<string, string>;
      value?: unknown;
      detail?: RefusalDetail;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.code = code;
    this.statusCode = errorStatus(code);
    this.fieldErrors = options.fieldErrors;
    this.fieldMessages = options.fieldMessages;
    this.value = options.value ?? null;
    this.detail = options.detail;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
